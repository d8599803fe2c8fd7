/**
 * Documents of the archive: fields, states, scopes, the listing order and the response model.
 * Pure domain code: no AWS, no HTTP library.
 */
import { isWellFormed } from './values';
import { newRecord, newVersion, type StoredRecord } from './record';
import { formatTimestamp } from './time';
import { conflict } from '../errors';
import { computed, defaultsOf, fieldsOf, kept, presentModel, required, writable, writableFieldsOf } from './fields';
import type { CreateOf, DataOf, FieldTable, ModelOf, WritableField } from './fields';

export const DOCUMENT_SCOPES = [
  'DOCUMENT_FOLDER',
  'DEVICE',
  'RECORD',
  'MAINTENANCE_LOG_ENTRY',
  'GENERATOR',
  'CYCLOTRON_PRODUCT',
] as const;
export type DocumentScope = (typeof DOCUMENT_SCOPES)[number];
export const DOCUMENT_STATES = ['ACTIVE', 'ARCHIVED'] as const;
export type DocumentState = (typeof DOCUMENT_STATES)[number];

/**
 * The fields of interface §2.1 and §2.3, in order: the one list of a document's fields. The writable
 * ones are the members of create and update bodies (DESIGN §5); what each may hold is in
 * shared/schemas/document.ts. `File` (§2.3) is stored but never shown: DOCUMENT_HIDDEN_FIELDS.
 */
export const DOCUMENT_TABLE = {
  Client: kept(),
  Facility: kept(),
  Scope: required<DocumentScope>(),
  ScopeReference: required<string>(),
  State: writable<DocumentState>('ACTIVE'),
  Filename: required<string>(),
  Url: computed(),
  FileInfo: computed(),
  CreatedAt: kept(),
  UpdatedAt: kept(),
  Uuid: kept(),
} as const satisfies FieldTable;

export const DOCUMENT_FIELDS = fieldsOf(DOCUMENT_TABLE);
export const DOCUMENT_MUTABLE_FIELDS = writableFieldsOf(DOCUMENT_TABLE);
export type DocumentMutableField = WritableField<typeof DOCUMENT_TABLE>;
/** Stored with a document, never shown, never written by a body: the file arrives by upload. */
export const DOCUMENT_HIDDEN_FIELDS = ['File'] as const satisfies readonly (keyof DocumentRecord)[];

/** What S3 says of the stored file. Times in Unix seconds, size in bytes. */
export interface StoredFile {
  Key: string;
  Size: number;
  ContentType: string;
  CreatedAt: number;
  ModifiedAt: number;
}

export type DocumentData = DataOf<typeof DOCUMENT_TABLE>;
export type DocumentPatch = Partial<DocumentData>;
/** A create body: Scope, ScopeReference and Filename, and State if not ACTIVE. */
export type DocumentCreate = CreateOf<typeof DOCUMENT_TABLE>;
const DOCUMENT_DEFAULTS = defaultsOf(DOCUMENT_TABLE);

export interface DocumentRecord extends DocumentData, StoredRecord {
  File: StoredFile | null;
  /**
   * Set on a release record (StrlSchV § 86 Abs. 2): the time until which it is kept unchanged. Its file
   * lies in the records bucket under S3 Object Lock, and no route changes it.
   */
  KeptUntil: string | null;
}

/** Stored with a document, never shown and never taken from a body: when a release record may go. */
export const DOCUMENT_KEPT_FIELD = 'KeptUntil' as const satisfies keyof DocumentRecord;

/** 409 for a kept release record: it stays as it was made. */
function checkChangeable(record: DocumentRecord): void {
  if (record.KeptUntil !== null) throw conflict('document.kept_record', { until: record.KeptUntil });
}

export interface FileInfo {
  CreatedDatetime: number;
  ModifiedDatetime: number;
  Filesize: number;
  Mimetype: string;
}

export type DocumentModel = ModelOf<typeof DOCUMENT_TABLE>;

/** Listing order: newest first by CreatedAt, then Uuid. This key sorts ascending oldest first. */
export const orderKey = (record: Pick<DocumentRecord, 'CreatedAt' | 'Uuid'>): string =>
  `${record.CreatedAt}#${record.Uuid}`;

/** Where document files live in the bucket: the only objects the API and event functions touch. */
export const DOCUMENT_FILES_PREFIX = 'documents/';

/** What a file name may not hold: control characters and path separators. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it finds
export const FILENAME_FORBIDDEN = /[\u0000-\u001f\u007f/\\]/;

/**
 * Where a facility's document files are: every file key of the facility begins with this (its separator last, so
 * facility `f1`'s prefix is no prefix of `f10`'s keys). The tenant role's policy is written from it
 * (infra/access/tenant-role.ts).
 */
export const facilityFilesPrefix = (client: string, facility: string): string =>
  `${clientFilesPrefix(client)}${facility}/`;

/** Where all of a client's document files are (in the document bucket and the records bucket alike). */
export const clientFilesPrefix = (client: string): string => `${DOCUMENT_FILES_PREFIX}${client}/`;

/** The S3 key of a document's file: ASCII identifiers only, never the file name. */
export const fileKey = (record: Pick<DocumentRecord, 'Client' | 'Facility' | 'Uuid'>): string =>
  `${facilityFilesPrefix(record.Client, record.Facility)}${record.Uuid}`;

/** The identifiers inside a file key, or undefined for a key that is not a document file. */
export function parseFileKey(key: string): { client: string; facility: string; uuid: string } | undefined {
  const match = /^documents\/([A-Za-z0-9_-]{1,36})\/([A-Za-z0-9_-]{1,36})\/([A-Za-z0-9_-]{1,36})$/.exec(key);
  return match ? { client: match[1]!, facility: match[2]!, uuid: match[3]! } : undefined;
}

export function newDocument(
  tenant: { client: string; facility: string },
  uuid: string,
  data: DocumentCreate,
  now: Date,
): DocumentRecord {
  return { ...DOCUMENT_DEFAULTS, ...data, ...newRecord(tenant, uuid, now), File: null, KeptUntil: null };
}

/** The document of a container's release record: Scope RECORD, its file stored already, kept until `keptUntil`. */
export function releaseRecordDocument(
  container: { Client: string; Facility: string; Uuid: string },
  uuid: string,
  filename: string,
  file: Omit<StoredFile, 'Key'>,
  keptUntil: Date,
  now: Date,
): DocumentRecord {
  const record = newDocument(
    { client: container.Client, facility: container.Facility },
    uuid,
    { Scope: 'RECORD', ScopeReference: container.Uuid, Filename: filename },
    now,
  );
  return { ...record, File: { Key: fileKey(record), ...file }, KeptUntil: formatTimestamp(keptUntil) };
}

export function updateDocument(
  current: DocumentRecord,
  patch: DocumentPatch,
  now: Date,
): { next: DocumentRecord; changed: DocumentMutableField[] } {
  checkChangeable(current);
  const changed = DOCUMENT_MUTABLE_FIELDS.filter(
    (f) => f in patch && patch[f] !== undefined && patch[f] !== current[f],
  );
  if (!changed.length) return { next: current, changed };
  return { next: newVersion({ ...current, ...patch }, now), changed };
}

const fileInfoOf = (file: StoredFile | null): FileInfo | null =>
  file
    ? {
        CreatedDatetime: file.CreatedAt,
        ModifiedDatetime: file.ModifiedAt,
        Filesize: file.Size,
        Mimetype: file.ContentType,
      }
    : null;

/** The response model: exactly the fields of §2.1/§2.3 in order; `File` itself never shows. */
export function toDocumentModel(record: DocumentRecord, url: string | null): DocumentModel {
  return presentModel(DOCUMENT_TABLE, record, { Url: record.File ? url : null, FileInfo: fileInfoOf(record.File) });
}

/** Media types by file name extension, for the upload policy; anything else is octet-stream. */
const MEDIA_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  json: 'application/json',
  xml: 'application/xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  webp: 'image/webp',
  dcm: 'application/dicom',
  zip: 'application/zip',
  html: 'text/html',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
};
export function mediaTypeOf(filename: string): string {
  const extension = /\.([A-Za-z0-9]+)$/.exec(filename)?.[1]?.toLowerCase();
  return (extension && MEDIA_TYPES[extension]) || 'application/octet-stream';
}

/**
 * Content-Disposition for a download (RFC 6266): an ASCII fallback `filename` and the exact name as
 * RFC 5987 `filename*` (UTF-8, percent-encoded), so non-ASCII names download correctly. A stored
 * name that is not well-formed Unicode (older data) has no UTF-8 form: it gets the ASCII one only.
 */
export function contentDisposition(filename: string): string {
  const fallback =
    filename
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '_')
      .trim() || 'download';
  if (!isWellFormed(filename)) return `attachment; filename="${fallback}"`;
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
