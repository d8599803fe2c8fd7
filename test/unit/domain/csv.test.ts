/**
 * shared/domain/csv.ts: a cell is quoted when it holds the separator, a quote or a line break (quotes doubled), left
 * bare otherwise; text a spreadsheet would run as a formula is defused with `'`; numbers and booleans are written as
 * they are; a CSV is a header row and a line per row, each ended by CRLF, in English with commas and in German with
 * semicolons behind a byte-order mark.
 */
import { describe, expect, it } from 'vitest';
import { CSV_DIALECTS, csvCell, csvText } from '../../../shared/domain/csv';

describe('csvCell', () => {
  it('quotes a cell holding the separator, a quote or a line break, doubling its quotes', () => {
    expect(csvCell('plain text', ',')).toBe('plain text');
    expect(csvCell('a,b', ',')).toBe('"a,b"');
    expect(csvCell('a,b', ';')).toBe('a,b');
    expect(csvCell('a;b', ';')).toBe('"a;b"');
    expect(csvCell('say "hi"', ',')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines', ',')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere', ';')).toBe('"cr\rhere"');
  });

  it('defuses text a spreadsheet would run as a formula, never a number', () => {
    expect(['=SUM(A1)', '+1', '-1', '@cmd', '\tx'].map((t) => csvCell(t, ','))).toEqual([
      "'=SUM(A1)",
      "'+1",
      "'-1",
      "'@cmd",
      "'\tx",
    ]);
    expect(csvCell('=HYPERLINK("x")', ',')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('\rx', ',')).toBe(`"'\rx"`);
    expect(csvCell(-1.5, ',')).toBe('-1.5');
    expect(csvCell('a=b', ',')).toBe('a=b');
  });

  it('writes nothing for null and undefined, numbers and booleans as they are', () => {
    expect([null, undefined, 0, 1e-7, 1850000000, true, false].map((v) => csvCell(v, ','))).toEqual([
      '',
      '',
      '0',
      '1e-7',
      '1850000000',
      'true',
      'false',
    ]);
  });
});

describe('csvText', () => {
  const headers = ['Nuclide', 'Activity', 'Note'];
  const rows = [
    ['Ge-68', 1.5, 'a, b'],
    ['Ga-68', null, 'c; d'],
  ];

  it('in English: commas, no byte-order mark, each line ended by CRLF', () => {
    expect(csvText(headers, rows, 'en')).toBe('Nuclide,Activity,Note\r\nGe-68,1.5,"a, b"\r\nGa-68,,c; d\r\n');
    expect(csvText(headers, [], 'en')).toBe('Nuclide,Activity,Note\r\n');
  });

  it('in German: semicolons behind a byte-order mark (numbers come formatted from the caller)', () => {
    expect(csvText(headers, [['Ge-68', '1,5', 'a, b'], rows[1]!], 'de')).toBe(
      '\uFEFFNuclide;Activity;Note\r\nGe-68;1,5;a, b\r\nGa-68;;"c; d"\r\n',
    );
    expect(CSV_DIALECTS.de).toMatchObject({ separator: ';', bom: '\uFEFF' });
  });
});
