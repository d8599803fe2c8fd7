/** shared/domain/regimes/us-nrc-10cfr35/index.ts: who may be held for decay (35.92(a)), and for how long. */
import { describe, expect, it } from 'vitest';
import type { ContentLink } from '../../../../../shared/domain/container-contents';
import { detailText } from '../../../../../shared/i18n/translate';
import { ineligibleContents, tenHalfLives, US_NRC_10CFR35 } from '../../../../../shared/domain/regimes/us-nrc-10cfr35';

const content = (id: string, nuclide: string, more: Partial<ContentLink> = {}): ContentLink => ({
  kind: 'CYCLOTRON_PRODUCT',
  id,
  nuclide,
  activity: 4e8,
  activityDateTime: '2026-11-20 08:00:00',
  ...more,
});
const words = (links: ContentLink[]) => ineligibleContents(links).map((d) => detailText(d, 'en'));

describe('decay-in-storage under 10 CFR 35.92', () => {
  it('holds material of a physical half-life of at most 120 days, and names every other', () => {
    expect(words([content('tc', 'Tc-99m'), content('i', 'I-131'), content('sr', 'Sr-85')])).toEqual([]);
    expect(words([content('tc', 'Tc-99m'), content('co', 'Co-57'), content('cs', 'Cs-137')])).toEqual([
      'Content co: Co-57 has a half-life of 271.7 days, more than 120',
      'Content cs: Cs-137 has a half-life of 10986.7 days, more than 120',
    ]);
    // An entered impurity is held too: Ge-68 in a Ga-68 eluate is not eligible.
    expect(words([content('ga', 'Ga-68', { impurities: [{ nuclide: 'Ge-68', fraction: 1e-5 }] })])).toEqual([
      'Content ga: Ge-68 has a half-life of 271 days, more than 120',
    ]);
    expect(words([content('x', 'Xx-1')])).toEqual(['Content x: the half-life of Xx-1 is not known']);
    expect(words([])).toHaveLength(1);
  });

  it('predicts the release ten half-lives of the longest-lived nuclide after its reference time', () => {
    // I-131: 8.0252 d × 10 = 80.252 d after 2026-11-20 08:00 (Tc-99m's 60 h end long before).
    expect(tenHalfLives({ MeasurementDate: null }, [content('tc', 'Tc-99m'), content('i', 'I-131')])).toBe(
      '2027-02-08 14:02:53',
    );
    // A content without its time takes the closing measurement's; none at all: no prediction.
    const undated = content('tc', 'Tc-99m', { activityDateTime: null });
    expect(tenHalfLives({ MeasurementDate: '2026-11-20 08:00:00' }, [undated])).toBe('2026-11-22 20:04:02');
    expect(tenHalfLives({ MeasurementDate: null }, [undated])).toBeNull();
    expect(tenHalfLives({ MeasurementDate: null }, [])).toBeNull();
  });

  it('is a regime of surveys, labels off before the disposal, kept 3 years, in English', () => {
    expect(US_NRC_10CFR35).toMatchObject({
      releaseTypes: ['DECAY_IN_STORAGE'],
      evidence: 'SURVEY',
      gate: 'DECAY_TIME',
      labels: 'BEFORE_RELEASE',
      retentionYears: 3,
      defaultLanguage: 'en',
      labelWords: { hazard: 'CAUTION, RADIOACTIVE MATERIAL', language: 'en' },
    });
  });
});
