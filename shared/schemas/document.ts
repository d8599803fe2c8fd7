import * as v from 'valibot';
import {
  DOCUMENT_HIDDEN_FIELDS,
  DOCUMENT_SCOPES,
  DOCUMENT_STATES,
  DOCUMENT_TABLE,
  FILENAME_FORBIDDEN,
  type FileInfo,
} from '../domain/document';
import { identifier, oneOf, schemasOf, text, timestamp, url, wholeNumber } from './fields';

/** A file name: 1-128 characters, no control characters and no path separators. */
const filename = v.pipe(
  text(1, 128),
  v.check((s) => !FILENAME_FORBIDDEN.test(s), 'detail.filename'),
);

/** FileInfo (§2.2): Unix seconds, bytes, a media type. */
const fileInfo = v.strictObject({
  CreatedDatetime: wholeNumber,
  ModifiedDatetime: wholeNumber,
  Filesize: v.pipe(wholeNumber, v.minValue(0)),
  Mimetype: v.string(),
} satisfies Record<keyof FileInfo, v.GenericSchema>);

/** A document's schemas from its field table (shared/domain/document.ts). */
const schemas = schemasOf(DOCUMENT_TABLE, {
  writable: {
    Scope: oneOf(DOCUMENT_SCOPES),
    ScopeReference: identifier,
    Filename: filename,
    State: oneOf(DOCUMENT_STATES),
  },
  computed: { Url: v.nullable(url), FileInfo: v.nullable(fileInfo) },
  /** A stored name is shown as stored, so any text of its size. */
  shown: { Filename: text(1, 128) },
  hidden: DOCUMENT_HIDDEN_FIELDS,
});

/** Create: Scope, ScopeReference and Filename required; State defaults to ACTIVE. */
export const documentCreateSchema = schemas.create;
export const documentUpdateSchema = schemas.update;
/** Writable: the mutable fields; read-only: the other fields of §2.3, and `File` (files arrive by upload). */
export const documentMembers = schemas.members;

/** The optional `?State=` filter of the listings. */
export const stateFilterSchema = v.optional(oneOf(DOCUMENT_STATES));

/** The response model (§2.1, §2.3). */
export const documentModel = schemas.model;

/** The presigned upload form a create answers beside the DocumentModel. */
export const uploadForm = v.strictObject({
  Url: url,
  Method: v.literal('POST'),
  Fields: v.record(v.string(), v.string()),
  ExpiresAt: timestamp,
});
