/** shared/domain/record-wording.ts: how the release record and the German register word numbers, times and names. */
import { describe, expect, it } from 'vitest';
import { GEOMETRIES } from '../../../shared/domain/decision-measurement';
import { INSTRUMENT_KINDS } from '../../../shared/domain/instrument';
import {
  formatBound,
  formatEntered,
  formatFigure,
  formatNumber,
  GEOMETRY_TEXT,
  legalDate,
  MEASUREMENT_METHOD_TEXT,
  INSTRUMENT_KIND_TEXT,
  RELEASE_TYPE_TEXT,
  utc,
  WASTE_FORM_TEXT,
} from '../../../shared/domain/record-wording';
import { MEASUREMENT_METHODS } from '../../../shared/domain/release-register';
import { RELEASE_TYPES, WASTE_FORMS } from '../../../shared/domain/release-types';

describe("formatNumber (the material book's German reports)", () => {
  it('four significant digits with a decimal comma; an exponent far from 1; a dash for none', () => {
    expect([formatNumber(1234.5), formatNumber(0.5), formatNumber(1.5e7), formatNumber(null)]).toEqual([
      '1.235',
      '0,5',
      '1,500e+7',
      '–',
    ]);
  });
});

describe('numbers in one form per document', () => {
  it("a computed figure: three significant digits, always in the E form, the document's decimal mark", () => {
    expect([7.071e-4, 0.0019451, 0.0009982946353204705, 12.81, 1, 1234.5, -0.5].map((v) => formatFigure(v))).toEqual([
      '7,07E-04',
      '1,95E-03',
      '9,98E-04',
      '1,28E+01',
      '1,00E+00',
      '1,23E+03',
      '-5,00E-01',
    ]);
    expect([formatFigure(0.0009982946353204705, '.'), formatFigure(0), formatFigure(null)]).toEqual([
      '9.98E-04',
      '0',
      '–',
    ]);
  });

  it('a value below the detection limit reads "< value"; an entered quantity as entered', () => {
    expect([formatBound(1.999e-3, true), formatBound(0.01, false, '.')]).toEqual(['<2,00E-03', '1.00E-02']);
    expect([formatEntered(10.5), formatEntered(1e-5), formatEntered(1200, '.'), formatEntered(null)]).toEqual([
      '10,5',
      '0,00001',
      '1200',
      '–',
    ]);
  });

  it('a legal date of a notice as the authority wrote it: a date, no time, no zone', () => {
    expect([legalDate('2026-01-15 00:00:00'), legalDate(null)]).toEqual(['15.01.2026', '–']);
  });
});

describe('the words of the record', () => {
  it('marks a time as UTC, and none with a dash', () => {
    expect([utc('2026-11-25 10:00:00'), utc(null)]).toEqual(['2026-11-25 10:00:00 UTC', '–']);
  });

  it('names every release type with its paragraph of the StrlSchV, every form, geometry and instrument kind', () => {
    expect(RELEASE_TYPES.map((type) => RELEASE_TYPE_TEXT[type].basis.match(/§ 3[5-7]( Abs. 1 Nr. \d)?/)?.[0])).toEqual([
      '§ 35',
      '§ 36 Abs. 1 Nr. 3',
      '§ 36 Abs. 1 Nr. 4',
      '§ 37',
    ]);
    // The landfill's words are the ordinance's: "feste Stoffe zur Beseitigung auf Deponien".
    expect(RELEASE_TYPE_TEXT.SPECIFIC_LANDFILL.name).toContain('festen Stoffen zur Beseitigung auf Deponien');
    expect(RELEASE_TYPE_TEXT.SPECIFIC_INCINERATION.name).toContain(
      'Stoffen zur Beseitigung in einer Verbrennungsanlage',
    );
    for (const [names, table] of [
      [WASTE_FORMS, WASTE_FORM_TEXT],
      [GEOMETRIES, GEOMETRY_TEXT],
      [INSTRUMENT_KINDS, INSTRUMENT_KIND_TEXT],
      [MEASUREMENT_METHODS, MEASUREMENT_METHOD_TEXT],
    ] as const) {
      expect(Object.keys(table).sort()).toEqual([...names].sort());
      // German words for the reader, never the API's member names.
      for (const name of names) expect((table as Record<string, string>)[name]).not.toMatch(/^[A-Z_]+$/);
    }
  });
});
