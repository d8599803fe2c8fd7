import * as v from 'valibot';
import { DOCUMENT_FIELDS, DOCUMENT_MUTABLE_FIELDS, DOCUMENT_SCOPES, DOCUMENT_STATES } from '../domain/document';
import { identifier, oneOf, text } from './fields';

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
