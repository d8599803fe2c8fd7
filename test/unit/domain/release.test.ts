/** The release assessment (shared/domain/release.ts) against hand-computed values. */
import { describe, expect, it } from 'vitest';
import { HALF_LIVES } from '../../../shared/domain/decay';
import {
  assessRelease,
  secondsUntilCleared,
  sumOfRatiosAfter,
  type AssessedContainer,
} from '../../../shared/domain/release';
import { parseTimestamp } from '../../../shared/domain/time';

const T0 = '2026-11-20 08:00:00';
const t0 = parseTimestamp(T0)!;
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
const F18 = HALF_LIVES['F-18']!; // 109.77 min = 6586.2 s
const I131 = HALF_LIVES['I-131']!; // 8.0252 d = 693,377.28 s
// 10,000 g holding 1 MBq measured at T0: 100 Bq/g.
const container: AssessedContainer = {
  Weight: 10_000,
  MeasurementActivity: 1_000_000,
  MeasurementFactor: null,
  MeasurementDate: T0,
  MeasurementContamination: null,
  MeasurementContaminationDateTime: null,
};

describe('assessRelease', () => {
  it(
    'F-18 alone: 100 Bq/g is 10 times its clearance level; two half-lives later 25 Bq/g, ratio 2.5; released after ' +
      'T½ ' +
      'x log2(10)',
    () => {
      const result = assessRelease(
        container,
        [{ nuclide: 'F-18', activity: null, activityDateTime: null }],
        at(2 * F18),
      );
      expect(result.Nuclides).toEqual([
        {
          Nuclide: 'F-18',
          Share: 1,
          SpecificActivityBqPerG: expect.closeTo(25, 9),
          ClearanceLevelBqPerG: 10,
          Ratio: expect.closeTo(2.5, 9),
        },
      ]);
      expect(result.SumOfRatios).toBeCloseTo(2.5, 9);
      expect(result.ClearanceReached).toBe(false);
      // 6586.2 s x 3.321928 = 21,878.9 s, rounded up to the second: 6 h 4 min 39 s after T0.
      expect(result.PredictedReleaseDateTime).toBe('2026-11-20 14:04:39');
      expect(result.MissingInputs).toEqual([]);
      expect(result.Basis).toContain('StrlSchV 2018 § 35, Anlage 4 Tabelle 1 Spalte 3');
    },
  );

  it(
    'F-18 0.9 MBq + I-131 0.1 MBq: sum of ratios 10 now, released about 13.8 h later (the longest half-life alone ' +
      'would say 26.7 d)',
    () => {
      const contents = [
        { nuclide: 'F-18', activity: 900_000, activityDateTime: T0 },
        { nuclide: 'I-131', activity: 100_000, activityDateTime: T0 },
      ];
      const result = assessRelease(container, contents, t0);
      // F-18: 90 Bq/g / 10 = 9; I-131: 10 Bq/g / 10 = 1.
      expect(result.Nuclides.map((n) => [n.Nuclide, n.Share, n.Ratio])).toEqual([
        ['F-18', expect.closeTo(0.9, 12), expect.closeTo(9, 9)],
        ['I-131', expect.closeTo(0.1, 12), expect.closeTo(1, 9)],
      ]);
      expect(result.SumOfRatios).toBeCloseTo(10, 9);
      expect(result.SharesAssumed).toBe(false);
      // 9·2^(-t/6586.2 s) + 2^(-t/693,377 s) = 1 at t ≈ 49,640 s = 13.79 h.
      const seconds = (parseTimestamp(result.PredictedReleaseDateTime!)!.getTime() - t0.getTime()) / 1000;
      expect(seconds / 3600).toBeGreaterThan(13.7);
      expect(seconds / 3600).toBeLessThan(13.9);
      const terms = [
        { ratioAtMeasurement: 9, halfLife: F18 },
        { ratioAtMeasurement: 1, halfLife: I131 },
      ];
      expect(sumOfRatiosAfter(terms, seconds)).toBeLessThanOrEqual(1);
      expect(sumOfRatiosAfter(terms, seconds - 1)).toBeGreaterThan(1);
      // From the longest half-life alone: 8.0252 d x log2(10) = 26.66 d.
      expect((I131 * Math.log2(10)) / 86400).toBeCloseTo(26.66, 2);
    },
  );

  it('shares come from each content activity decayed to the measurement date', () => {
    // 1.8 MBq of F-18 one half-life before T0 is 0.9 MBq at T0.
    const result = assessRelease(
      container,
      [
        { nuclide: 'F-18', activity: 1_800_000, activityDateTime: '2026-11-20 06:10:13' },
        { nuclide: 'I-131', activity: 100_000, activityDateTime: T0 },
      ],
      t0,
    );
    expect(result.Nuclides[0]!.Share).toBeCloseTo(0.9, 4);
  });

  it('without activities each nuclide carries the whole measured activity (conservative): 10 + 10 = 20', () => {
    const result = assessRelease(
      container,
      [
        { nuclide: 'F-18', activity: null, activityDateTime: null },
        { nuclide: 'I-131', activity: null, activityDateTime: null },
      ],
      t0,
    );
    expect(result.SharesAssumed).toBe(true);
    expect(result.Nuclides.map((n) => n.Share)).toEqual([1, 1]);
    expect(result.SumOfRatios).toBeCloseTo(20, 9);
  });

  it('missing inputs are named and answered with nulls', () => {
    const result = assessRelease({ ...container, Weight: null, MeasurementDate: null }, [], t0);
    expect(result).toMatchObject({
      MissingInputs: ['Weight', 'MeasurementDate', 'Contents'],
      SumOfRatios: null,
      ClearanceReached: null,
      PredictedReleaseDateTime: null,
      Nuclides: [],
    });
    const noLevel = assessRelease(container, [{ nuclide: 'Rb-82', activity: null, activityDateTime: null }], t0);
    expect(noLevel.MissingInputs).toEqual(['ClearanceLevel:Rb-82']);
    expect(noLevel.Nuclides[0]).toMatchObject({ Nuclide: 'Rb-82', ClearanceLevelBqPerG: null, Ratio: null });
  });

  it(
    'already cleared at the measurement: released at the measurement date; MeasurementFactor scales the ' + 'activity',
    () => {
      // 1 MBq x 0.05 / 10,000 g = 5 Bq/g of F-18: ratio 0.5.
      const result = assessRelease(
        { ...container, MeasurementFactor: 0.05 },
        [{ nuclide: 'F-18', activity: null, activityDateTime: null }],
        t0,
      );
      expect(result).toMatchObject({ SumOfRatios: 0.5, ClearanceReached: true, PredictedReleaseDateTime: T0 });
    },
  );

  it('checks a measured surface contamination against Spalte 5: 0.5 Bq/cm² of F-18 is half of 1 Bq/cm²', () => {
    const result = assessRelease(
      { ...container, MeasurementContamination: 0.5, MeasurementContaminationDateTime: T0 },
      [{ nuclide: 'F-18', activity: null, activityDateTime: null }],
      t0,
    );
    expect(result.SurfaceCheck).toEqual({ MeasurementContamination: 0.5, SumOfRatios: 0.5, ClearanceReached: true });
    expect(assessRelease(container, [], t0).SurfaceCheck).toBeNull();
  });
});

describe('secondsUntilCleared', () => {
  it('is 0 for a mixture already at or below 1, and T½ for a single term at 2', () => {
    expect(secondsUntilCleared([{ ratioAtMeasurement: 1, halfLife: 100 }])).toBe(0);
    expect(secondsUntilCleared([{ ratioAtMeasurement: 2, halfLife: 100 }])).toBe(100);
  });
});
