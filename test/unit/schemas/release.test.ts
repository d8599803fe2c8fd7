import { describe, expect, it } from 'vitest';
import { parseBody } from '../../../shared/schemas/body';
import { releaseBodySchema, releaseMembers } from '../../../shared/schemas/release';
import { refusal } from '../../support/body';

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
