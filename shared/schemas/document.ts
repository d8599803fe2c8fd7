import * as v from 'valibot';
import { DOCUMENT_FIELDS, DOCUMENT_MUTABLE_FIELDS, DOCUMENT_SCOPES, DOCUMENT_STATES, type DocumentField, type FileInfo } from '../domain/document';
import { identifier, model, oneOf, present, text, timestamp, url, wholeNumber } from './fields';

/** A file name: 1-128 characters, no control characters and no path separators. */
const filename = v.pipe(text(1, 128), v.check((s) => !/[\u0000-\u001f\u007f/\\]/.test(s), 'detail.filename'));

const entries = {
  Scope: oneOf(DOCUMENT_SCOPES),
  ScopeReference: identifier,
  Filename: filename,
  State: v.optional(oneOf(DOCUMENT_STATES)),
};

export const documentCreateSchema = v.object(entries);
export const documentUpdateSchema = v.object({
  Scope: v.optional(entries.Scope),
  ScopeReference: v.optional(entries.ScopeReference),
  Filename: v.optional(entries.Filename),
  State: entries.State,
});

/** Writable: the mutable fields; read-only: the other fields of §2.3, and `File` (files arrive by upload). */
export const documentMembers = {
  writable: DOCUMENT_MUTABLE_FIELDS,
  readOnly: [...DOCUMENT_FIELDS.filter((f) => !(DOCUMENT_MUTABLE_FIELDS as readonly string[]).includes(f)), 'File'],
};

/** The optional `?State=` filter of the listings. */
export const stateFilterSchema = v.optional(oneOf(DOCUMENT_STATES));

/** FileInfo (§2.2): Unix seconds, bytes, a media type. */
const fileInfo = v.strictObject({
  CreatedDatetime: wholeNumber,
  ModifiedDatetime: wholeNumber,
  Filesize: v.pipe(wholeNumber, v.minValue(0)),
  Mimetype: v.string(),
} satisfies Record<keyof FileInfo, v.GenericSchema>);

/** The response model (§2.1, §2.3); a stored name is shown as stored, so any text of its size. */
export const documentModel = model(DOCUMENT_FIELDS, {
  Client: identifier,
  Facility: identifier,
  ...present(entries),
  Filename: text(1, 128),
  Url: v.nullable(url),
  FileInfo: v.nullable(fileInfo),
  CreatedAt: v.nullable(timestamp),
  UpdatedAt: v.nullable(timestamp),
  Uuid: identifier,
} satisfies Record<DocumentField, v.GenericSchema>);

/** The presigned upload form a create answers beside the DocumentModel. */
export const uploadForm = v.strictObject({ Url: url, Method: v.literal('POST'), Fields: v.record(v.string(), v.string()), ExpiresAt: timestamp });
