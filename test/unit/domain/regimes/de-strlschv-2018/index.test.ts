/** shared/domain/regimes/de-strlschv-2018/index.ts: the German rules named behind the regime, as they always were. */
import { describe, expect, it } from 'vitest';
import { DE_STRLSCHV_2018 } from '../../../../../shared/domain/regimes/de-strlschv-2018';
import { RECORD_RETENTION_YEARS } from '../../../../../shared/domain/release-record';
import { REGISTER_FIELDS } from '../../../../../shared/domain/release-register';
import { RELEASE_TYPES } from '../../../../../shared/domain/release-types';

describe('the German regime (StrlSchV 2018)', () => {
  it('is the service’s rules: a notice and a decision measurement, any nuclide, labels after, 30 years', () => {
    expect(DE_STRLSCHV_2018).toMatchObject({
      releaseTypes: RELEASE_TYPES,
      evidence: 'DECISION_MEASUREMENT',
      gate: 'CLEARANCE_ASSESSMENT',
      labels: 'AFTER_RELEASE',
      retentionYears: RECORD_RETENTION_YEARS,
      registerMembers: REGISTER_FIELDS,
      defaultTimeZone: 'Europe/Berlin',
      labelWords: { hazard: 'Radioaktiv', language: 'de' },
    });
    expect(RECORD_RETENTION_YEARS).toBe(30);
    expect(DE_STRLSCHV_2018.ineligible([{ kind: 'CYCLOTRON_PRODUCT', id: 'cs', nuclide: 'Cs-137' }])).toEqual([]);
    // The release date is the clearance assessment's, whatever it is.
    expect(DE_STRLSCHV_2018.predictRelease({} as never, [], '2027-01-01 00:00:00')).toBe('2027-01-01 00:00:00');
    expect(DE_STRLSCHV_2018.predictRelease({} as never, [], null)).toBeNull();
  });
});
