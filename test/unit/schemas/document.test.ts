/** shared/schemas/document.ts through parseBody: the document bodies and their 400 details. */
import { describe, expect, it } from 'vitest';
import { parseBody } from '../../../shared/schemas/body';
import { documentCreateSchema, documentMembers, documentUpdateSchema } from '../../../shared/schemas/document';
import { refusal } from '../../support/body';

const valid = { Scope: 'DEVICE', ScopeReference: 'dev-1', Filename: 'Prüfbericht März.pdf' };

describe('document bodies', () => {
  it('create needs Scope, ScopeReference and Filename; update needs nothing', () => {
    expect(refusal(documentCreateSchema, {}, documentMembers)).toEqual([
      'Scope: is required',
      'ScopeReference: is required',
      'Filename: is required',
    ]);
    expect(parseBody(documentCreateSchema, valid, documentMembers).value).toEqual(valid);
    expect(parseBody(documentUpdateSchema, {}, documentMembers).value).toEqual({});
  });

  it('one detail line per offending field', () => {
    expect(
      refusal(
        documentCreateSchema,
        { Scope: 'BOX', ScopeReference: 'a b', Filename: 'a/b.pdf', State: 'GONE' },
        documentMembers,
      ),
    ).toEqual([
      'Scope: must be one of DOCUMENT_FOLDER, DEVICE, RECORD, MAINTENANCE_LOG_ENTRY, GENERATOR, CYCLOTRON_PRODUCT',
      'ScopeReference: must be an identifier of 1 to 36 letters, digits, hyphens or underscores',
      'Filename: must not contain control characters, / or \\',
      'State: must be one of ACTIVE, ARCHIVED',
    ]);
  });

  it.each([
    ['a backslash', 'a\\b.pdf', 'Filename: must not contain control characters, / or \\'],
    ['a control character', 'x\u0001.pdf', 'Filename: must not contain control characters, / or \\'],
    ['129 characters', 'x'.repeat(129), 'Filename: must have at most 128 characters'],
    ['a lone surrogate', 'x\ud800.pdf', 'Filename: must be well-formed Unicode (no lone surrogate)'],
  ])('refuses a file name with %s', (_, Filename, line) => {
    expect(refusal(documentCreateSchema, { ...valid, Filename }, documentMembers)).toEqual([line]);
  });

  it('refuses null for every writable member', () => {
    expect(refusal(documentUpdateSchema, { Filename: null, State: null }, documentMembers)).toEqual([
      'Filename: must not be null',
      'State: must not be null',
    ]);
  });

  it('ignores what the service sets (Url, FileInfo, File, Uuid) and refuses unknown members', () => {
    expect(
      parseBody(documentCreateSchema, { ...valid, Url: 'x', FileInfo: {}, File: 1, Uuid: 'u' }, documentMembers)
        .ignored,
    ).toEqual(['Url', 'FileInfo', 'File', 'Uuid']);
    expect(refusal(documentUpdateSchema, { Folder: 'x' }, documentMembers)).toEqual(['Folder: unknown member']);
  });
});
