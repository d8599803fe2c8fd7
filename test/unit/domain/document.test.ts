/** shared/domain/document.ts: where a document's file lives, its media type and how it downloads. */
import { describe, expect, it } from 'vitest';
import { contentDisposition, fileKey, mediaTypeOf, parseFileKey } from '../../../shared/domain/document';

describe('fileKey and parseFileKey', () => {
  const ids = { client: 'c-1', facility: 'f_2', uuid: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b' };

  it('reads back the identifiers of a file key', () => {
    const key = fileKey({ Client: ids.client, Facility: ids.facility, Uuid: ids.uuid });
    expect(key).toBe(`documents/c-1/f_2/${ids.uuid}`);
    expect(parseFileKey(key)).toEqual(ids);
  });

  it.each([
    ['another prefix', 'reports/c/f/u'],
    ['a missing part', 'documents/c/f'],
    ['an extra part', 'documents/c/f/u/x'],
    ['an empty part', 'documents/c//u'],
    ['a part that is not an identifier', 'documents/c/f/u.pdf'],
    ['a part over 36 characters', `documents/c/f/${'u'.repeat(37)}`],
    ['a leading slash', '/documents/c/f/u'],
  ])('is undefined for a key with %s (not a document file)', (_, key) => {
    expect(parseFileKey(key)).toBeUndefined();
  });
});

describe('mediaTypeOf', () => {
  it.each([
    ['report.pdf', 'application/pdf'],
    ['SCAN.PDF', 'application/pdf'],
    ['photo.final.JPEG', 'image/jpeg'],
    ['table.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['image.dcm', 'application/dicom'],
  ])('%s is %s, by its last extension in any case', (name, type) => {
    expect(mediaTypeOf(name)).toBe(type);
  });

  it.each(['archive.rar', 'README', 'trailing.', 'pdf', '.pdf '])('%j is application/octet-stream', (name) => {
    expect(mediaTypeOf(name)).toBe('application/octet-stream');
  });
});

describe('contentDisposition', () => {
  it('carries an ASCII fallback and the exact name as filename*', () => {
    expect(contentDisposition('Prüfbericht März.pdf')).toBe(
      `attachment; filename="Prufbericht Marz.pdf"; filename*=UTF-8''Pr%C3%BCfbericht%20M%C3%A4rz.pdf`,
    );
  });

  it('never throws on a stored name with a lone surrogate: the ASCII name only', () => {
    expect(contentDisposition('x\ud800.pdf')).toBe('attachment; filename="x.pdf"');
    expect(contentDisposition('\udc00')).toBe('attachment; filename="download"');
  });

  it(
    'keeps quotes and backslashes out of the quoted fallback, and percent-encodes the characters RFC 5987 ' +
      'reserves',
    () => {
      expect(contentDisposition(`a"b\\c'(1)*.txt`)).toBe(
        `attachment; filename="a_b_c'(1)*.txt"; filename*=UTF-8''a%22b%5Cc%27%281%29%2A.txt`,
      );
    },
  );

  it('falls back to "download" when no ASCII is left of the name', () => {
    expect(contentDisposition('報告.pdf')).toBe(`attachment; filename=".pdf"; filename*=UTF-8''%E5%A0%B1%E5%91%8A.pdf`);
    expect(contentDisposition('報告')).toBe(`attachment; filename="download"; filename*=UTF-8''%E5%A0%B1%E5%91%8A`);
  });
});
