/** shared/schemas/release-queries.ts: the register's year and the assessment's release type, as query parameters. */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { parseQueryText } from '../../../shared/schemas/body';
import { releaseTypeQuery, yearQuery } from '../../../shared/schemas/release-queries';
import { errorOf } from '../../support/errors';

describe("the register's query parameters", () => {
  it('take a year of four digits, 0001 to 9999, as a number', () => {
    expect(parseQueryText(yearQuery, { year: '2026' }, 'year')).toBe(2026);
    expect(parseQueryText(yearQuery, { year: '0001' }, 'year')).toBe(1);
    for (const year of ['0000', '26', '20261', '2026 ', 'MMXXVI'])
      expect(errorOf(() => parseQueryText(yearQuery, { year }, 'year')).statusCode, year).toBe(400);
  });

  it('take a release type by its name', () => {
    expect(v.parse(releaseTypeQuery, 'SPECIFIC_LANDFILL')).toBe('SPECIFIC_LANDFILL');
    expect(v.safeParse(releaseTypeQuery, 'unrestricted').success).toBe(false);
    // The type before the two routes: booked lines keep it; a new assessment or release does not take it.
    expect(v.safeParse(releaseTypeQuery, 'SPECIFIC_DISPOSAL').success).toBe(false);
  });
});
