/** shared/domain/record-wording.ts: how the release record and the German register word numbers, times and names. */
import { describe, expect, it } from 'vitest';
import { GEOMETRIES } from '../../../shared/domain/decision-measurement';
import { INSTRUMENT_KINDS } from '../../../shared/domain/instrument';
import {
  formatNumber,
  GEOMETRY_TEXT,
  INSTRUMENT_KIND_TEXT,
  RELEASE_TYPE_TEXT,
  utc,
  WASTE_FORM_TEXT,
} from '../../../shared/domain/record-wording';
import { RELEASE_TYPES, WASTE_FORMS } from '../../../shared/domain/release-types';

describe('formatNumber', () => {
  it('four significant digits with a decimal comma; an exponent far from 1; a dash for none', () => {
    expect([formatNumber(1234.5), formatNumber(0.5), formatNumber(1.5e7), formatNumber(null)]).toEqual([
      '1.235',
      '0,5',
      '1,500e+7',
      '–',
    ]);
  });
});

describe('the words of the record', () => {
  it('marks a time as UTC, and none with a dash', () => {
    expect([utc('2026-11-25 10:00:00'), utc(null)]).toEqual(['2026-11-25 10:00:00 UTC', '–']);
  });

  it('names every release type with its paragraph of the StrlSchV, every form, geometry and instrument kind', () => {
    expect(RELEASE_TYPES.map((type) => RELEASE_TYPE_TEXT[type].basis.match(/§ 3[5-7]/)?.[0])).toEqual([
      '§ 35',
      '§ 36',
      '§ 37',
    ]);
    for (const [names, table] of [
      [WASTE_FORMS, WASTE_FORM_TEXT],
      [GEOMETRIES, GEOMETRY_TEXT],
      [INSTRUMENT_KINDS, INSTRUMENT_KIND_TEXT],
    ] as const) {
      expect(Object.keys(table).sort()).toEqual([...names].sort());
      // German words for the reader, never the API's member names.
      for (const name of names) expect((table as Record<string, string>)[name]).not.toMatch(/^[A-Z_]+$/);
    }
  });
});
