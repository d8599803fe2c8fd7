/** shared/domain/nuclide-vector.ts: which nuclides carry a container's activity, in which shares, at a time. */
import { describe, expect, it } from 'vitest';
import { HALF_LIVES } from '../../../shared/domain/decay';
import { nuclideShares, vectorNuclides } from '../../../shared/domain/nuclide-vector';

const T0 = '2026-03-01 08:00:00';
const t0 = new Date('2026-03-01T08:00:00Z');
const later = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

describe('the nuclide vector', () => {
  const eluate = {
    nuclide: 'Ga-68',
    activity: 1e9,
    activityDateTime: T0,
    impurities: [{ nuclide: 'Ge-68', fraction: 1e-5 }],
  };
  const product = { nuclide: 'F-18', activity: 3e9, activityDateTime: T0 };

  it('lists every nuclide the contents bring, impurities included, each once, in order', () => {
    expect(vectorNuclides([eluate, product, { ...product, activity: 1 }])).toEqual(['Ga-68', 'Ge-68', 'F-18']);
  });

  it('shares the activity by each nuclide at the time, summing to 1', () => {
    const { shares, assumed } = nuclideShares([eluate, product], t0);
    expect(assumed).toBe(false);
    // 3 GBq of F-18, 1 GBq of Ga-68 and its 0.001 % of Ge-68 (10 kBq).
    const total = 3e9 + 1e9 + 1e4;
    expect(shares.get('F-18')).toBeCloseTo(3e9 / total, 12);
    expect(shares.get('Ga-68')).toBeCloseTo(1e9 / total, 12);
    expect(shares.get('Ge-68')).toBeCloseTo(1e4 / total, 12);
    expect([...shares.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });

  it('decays each term with its own half-life: two days later the Ge-68 breakthrough carries the eluate', () => {
    const { shares } = nuclideShares([eluate], later(2 * 24 * 3600));
    expect(shares.get('Ge-68')!).toBeGreaterThan(0.99);
    // Exactly one F-18 half-life later, equal activities of F-18 and I-131 stand at 1 : 2.
    const mixed = nuclideShares(
      [product, { nuclide: 'I-131', activity: 3e9, activityDateTime: T0 }],
      later(HALF_LIVES['F-18']! * 1),
    ).shares;
    expect(mixed.get('F-18')! / mixed.get('I-131')!).toBeCloseTo(
      2 ** -(1 - HALF_LIVES['F-18']! / HALF_LIVES['I-131']!),
      9,
    );
  });

  it('assumes each nuclide carries the whole activity when a content lacks its activity or its time', () => {
    expect(nuclideShares([product, { nuclide: 'I-131', activity: null, activityDateTime: null }], t0)).toEqual({
      shares: new Map([
        ['F-18', 1],
        ['I-131', 1],
      ]),
      assumed: true,
    });
  });
});
