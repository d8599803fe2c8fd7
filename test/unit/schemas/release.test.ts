/** shared/schemas/release.ts: a release's body (and its 400 details) and the register's query parameters. */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { parseBody, parseQueryText } from '../../../shared/schemas/body';
import { releaseBodySchema, releaseMembers, releaseTypeQuery, yearQuery } from '../../../shared/schemas/release';
import { refusal } from '../../support/body';
import { errorOf } from '../../support/errors';

const notice = '5b7e2a90-1c44-4b8e-a3f1-6d2c9e8f7a10';

describe('a release body', () => {
  it("names the notice it rests on; the type is the regime's unless given; a note is optional", () => {
    // The facility's regime chooses the type a body leaves out (UNRESTRICTED under StrlSchV: services/releases.test).
    expect(parseBody(releaseBodySchema, { ClearanceNoticeUuid: notice }, releaseMembers).value).toEqual({
      ClearanceNoticeUuid: notice,
    });
    expect(
      parseBody(
        releaseBodySchema,
        { ClearanceNoticeUuid: notice, ReleaseType: 'INDIVIDUAL', Justification: 'Sorted in the hot lab.' },
        releaseMembers,
      ).value,
    ).toEqual({ ReleaseType: 'INDIVIDUAL', ClearanceNoticeUuid: notice, Justification: 'Sorted in the hot lab.' });
  });

  it('refuses one of an unknown type, or naming who releases (that is the token)', () => {
    // Whether the notice is required is the regime's (400 under StrlSchV: services/releases.test).
    expect(parseBody(releaseBodySchema, {}, releaseMembers).value).toEqual({});
    expect(refusal(releaseBodySchema, { ClearanceNoticeUuid: notice, ReleaseType: 'ANY' }, releaseMembers)[0]).toMatch(
      /^ReleaseType: must be one of UNRESTRICTED, SPECIFIC_LANDFILL, SPECIFIC_INCINERATION, INDIVIDUAL/,
    );
    expect(
      refusal(
        releaseBodySchema,
        { ClearanceNoticeUuid: notice, ReleasedByRadiationProtectionOfficer: 'x' },
        releaseMembers,
      ),
    ).toEqual(['ReleasedByRadiationProtectionOfficer: unknown member']);
    // A note on the record says something: 10 characters at least.
    expect(
      refusal(releaseBodySchema, { ClearanceNoticeUuid: notice, Justification: 'ok' }, releaseMembers),
    ).toHaveLength(1);
  });
});

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
