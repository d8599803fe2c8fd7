/** The release assessment (shared/domain/release-assessment.ts) against hand-computed values. */
import { describe, expect, it } from 'vitest';
import { HALF_LIVES } from '../../../shared/domain/decay';
import {
  assessRelease,
  OUT_OF_RANGE_REMARK,
  ZERO_REMARK,
  type AssessedContainer,
} from '../../../shared/domain/release-assessment';
import { sumOfRatiosAfter } from '../../../shared/domain/release-mixture';
import { measurementFixture } from '../../support/memory/release-sources';
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

describe('assessRelease: what the gate relies on', () => {
  it('a content dated 78 days after the measurement (F-18) gives a finite share, never NaN', () => {
    // Backwards from 78 d later, 1 Bq of F-18 was 2^(78 d / 109.77 min) Bq: beyond a double, so worked in log2.
    const result = assessRelease(
      container,
      [
        { nuclide: 'F-18', activity: 1, activityDateTime: '2027-02-06 08:00:00' },
        { nuclide: 'I-131', activity: 100_000, activityDateTime: T0 },
      ],
      t0,
    );
    expect(result.Nuclides.map((n) => n.Share)).toEqual([1, expect.closeTo(0, 12)]);
    expect(result.SumOfRatios).toBeCloseTo(10, 9);
    expect(result.ClearanceReached).toBe(false);
    expect(result.MissingInputs).toEqual([]);
    expect(result.PredictedReleaseDateTime).toBe('2026-11-20 14:04:39');
  });

  it('a prediction past 9999-12-31 23:59:59 is no date but a remark, and nothing is cleared', () => {
    // 100 Bq/g of Cs-137 (0.1 Bq/g): 1,000 times the level, cleared after 30.08 a x log2(1000) = 300 years: fine;
    // at 1e-100 g the ratio is 1e106, 30.08 a x 352 = 10,600 years: beyond.
    const result = assessRelease(
      { ...container, Weight: 1e-100 },
      [{ nuclide: 'Cs-137', activity: null, activityDateTime: null }],
      t0,
    );
    expect(result).toMatchObject({
      ClearanceReached: false,
      PredictedReleaseDateTime: null,
      PredictionRemark: OUT_OF_RANGE_REMARK,
      MissingInputs: [],
    });
    expect(OUT_OF_RANGE_REMARK).toBe('not within the representable range 0001-01-01 00:00:00..9999-12-31 23:59:59');
  });

  it('a MeasurementFactor of 0 (older data) clears nothing: it is a missing input', () => {
    const result = assessRelease(
      { ...container, MeasurementFactor: 0 },
      [{ nuclide: 'Cs-137', activity: null, activityDateTime: null }],
      t0,
    );
    expect(result).toMatchObject({ SumOfRatios: null, ClearanceReached: null, MissingInputs: ['MeasurementFactor'] });
  });

  it('a surface measurement enters ClearanceReached (Spalte 5) and the prediction', () => {
    // Mass: 5 Bq/g of F-18, ratio 0.5, cleared. Surface: 4 Bq/cm² against 1 Bq/cm², ratio 4: not cleared.
    const surface = {
      ...container,
      MeasurementFactor: 0.05,
      MeasurementContamination: 4,
      MeasurementContaminationDateTime: T0,
    };
    const f18 = [{ nuclide: 'F-18', activity: null, activityDateTime: null }];
    const result = assessRelease(surface, f18, t0);
    expect(result).toMatchObject({ SumOfRatios: 0.5, ClearanceReached: false });
    expect(result.SurfaceCheck).toEqual({ MeasurementContamination: 4, SumOfRatios: 4, ClearanceReached: false });
    // Two F-18 half-lives (13,172.4 s) bring 4 to 1: 3 h 39 min 33 s after T0.
    expect(result.PredictedReleaseDateTime).toBe('2026-11-20 11:39:33');
    expect(assessRelease(surface, f18, at(2 * F18 + 1)).ClearanceReached).toBe(true);
  });

  it("an empty Spalte 5 cell takes its note's default (C-11: 1 Bq/cm²); an undated surface is unknown", () => {
    const c11 = [{ nuclide: 'C-11', activity: null, activityDateTime: null }];
    const withDate = assessRelease(
      { ...container, MeasurementFactor: 0.001, MeasurementContamination: 0.5, MeasurementContaminationDateTime: T0 },
      c11,
      t0,
    );
    expect(withDate.SurfaceCheck).toEqual({ MeasurementContamination: 0.5, SumOfRatios: 0.5, ClearanceReached: true });
    const undated = assessRelease({ ...container, MeasurementContamination: 0.5 }, c11, t0);
    expect(undated.MissingInputs).toEqual(['MeasurementContaminationDateTime']);
    expect(undated.ClearanceReached).toBe(false); // the mass alone (ratio 10) already fails
  });
});

describe('assessRelease: what the measurement is fed', () => {
  it('a closing measurement of 0 Bq predicts nothing and clears nothing, and says why', () => {
    const result = assessRelease(
      { ...container, MeasurementActivity: 0 },
      [{ nuclide: 'F-18', activity: null, activityDateTime: null }],
      at(0),
    );
    expect(result).toMatchObject({
      ClearanceReached: null,
      SumOfRatios: null,
      PredictedReleaseDateTime: null,
      PredictionRemark: ZERO_REMARK,
      MissingInputs: ['MeasurementActivity'],
    });
  });

  it('a Ga-68 eluate with 0.001 % Ge-68: no release within a year, and Ge-68 is why', () => {
    // 1 GBq of Ga-68 in 10 kg, with 10 kBq of Ge-68 (T½ 271 d): 1 Bq/g against 0.1 Bq/g.
    const eluate = {
      nuclide: 'Ga-68',
      activity: 1e9,
      activityDateTime: T0,
      impurities: [{ nuclide: 'Ge-68', fraction: 1e-5 }],
    };
    const result = assessRelease({ ...container, MeasurementActivity: 1e9 }, [eluate], t0);
    const ge68 = result.Nuclides.find((n) => n.Nuclide === 'Ge-68')!;
    expect(ge68.Share).toBeCloseTo(1e-5, 9);
    expect(ge68.SpecificActivityBqPerG).toBeCloseTo(1, 4);
    expect(result.PredictedReleaseDateTime! > '2027-11-20 08:00:00').toBe(true);
    expect(result.PredictionRemark).toBe('decided by Ge-68 (half-life 270.9 d)');
    // Ge-68 from 10 to 1: log2(10) half-lives of 270.9 d ≈ 900 days ≈ 2.5 years after closing.
    const years = (parseTimestamp(result.PredictedReleaseDateTime!)!.getTime() - t0.getTime()) / (365.25 * 86_400_000);
    expect(years).toBeCloseTo((Math.log2(10) * 270.9) / 365.25, 2);
    expect(years).toBeGreaterThan(2.4);
    expect(years).toBeLessThan(2.5);
    // The same eluate without the impurity would clear about 15 hours after closing (Ga-68 from 1e4 to 1)...
    const pure = assessRelease({ ...container, MeasurementActivity: 1e9 }, [{ ...eluate, impurities: null }], t0);
    const hours = (parseTimestamp(pure.PredictedReleaseDateTime!)!.getTime() - t0.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo((Math.log2(1e4) * 67.71) / 60, 1);
    // ... which is why impurities not entered are no statement: given as unknown, nothing is predicted or cleared.
    const unknown = [{ ContentUuid: 'c1', ContentId: 'eluat-1', Nuclide: 'Ga-68', ExpectedImpurities: ['Ge-68'] }];
    const blocked = assessRelease({ ...container, MeasurementActivity: 1e9 }, [{ ...eluate, impurities: null }], t0, {
      impuritiesUnknown: unknown,
    });
    expect(blocked).toMatchObject({
      SumOfRatios: null,
      ClearanceReached: null,
      PredictedClearanceReached: null,
      PredictedReleaseDateTime: null,
      MissingInputs: ['Impurities:eluat-1'],
      ImpuritiesUnknown: unknown,
    });
  });

  it('gives one verdict: the decision measurement decides, the prediction beside it; and whether they agree', () => {
    const measurement = measurementFixture({
      containerUuid: 'box',
      at: '2026-11-20 09:00:00',
      weightG: 10_000,
      fractions: { 'F-18': 1 },
      valueUsed: 5,
      detectionLimit: 0.002,
    });
    // 100 Bq/g at T0 decays to 68.1 an hour later: the prediction does not clear (sum 6.8); the measurement of
    // 5 Bq/g does (0.5), and it lies 13.6 times below the prediction: implausible at the default factor of 10.
    const a = assessRelease(container, [{ nuclide: 'F-18', activity: 1, activityDateTime: T0 }], at(3600), {
      decision: { measurement, form: 'SOLID' },
    });
    expect(a).toMatchObject({
      PredictedClearanceReached: false,
      ClearanceReached: true,
      DecidedBy: 'DECISION_MEASUREMENT',
    });
    expect(a.Plausibility).toMatchObject({
      MeasuredAt: '2026-11-20 09:00:00',
      MeasuredSumOfRatios: 0.5,
      MaxFactor: 10,
      Plausible: false,
      Finding: 'BELOW_PREDICTION',
    });
    expect(a.Plausibility!.PredictedSumOfRatios).toBeCloseTo(10 * 2 ** (-3600 / F18), 9);
    // Without a measurement the prediction decides.
    const alone = assessRelease(container, [{ nuclide: 'F-18', activity: 1, activityDateTime: T0 }], at(3600));
    expect(alone).toMatchObject({ ClearanceReached: false, DecidedBy: 'PREDICTION', Plausibility: null });
  });

  it('weighs the values of the type asked for: Spalte 8 to a landfill, 9 to an incinerator, the notice (§ 37)', () => {
    const iodine = [{ nuclide: 'I-131', activity: null, activityDateTime: null }];
    const disposal = assessRelease(container, iodine, t0, { source: { type: 'SPECIFIC_LANDFILL' } });
    expect(disposal).toMatchObject({ ReleaseType: 'SPECIFIC_LANDFILL', Nuclides: [{ ClearanceLevelBqPerG: 50 }] });
    expect(disposal.SumOfRatios).toBeCloseTo(2, 9);
    expect(disposal.Basis).toContain('§ 36 Abs. 1 Nr. 3, Anlage 4 Tabelle 1 Spalte 8');
    const burnt = assessRelease(container, iodine, t0, { source: { type: 'SPECIFIC_INCINERATION' } });
    expect(burnt.SumOfRatios).toBeCloseTo(100 / 70, 9);
    expect(burnt.Basis).toContain('§ 36 Abs. 1 Nr. 4, Anlage 4 Tabelle 1 Spalte 9');
    const single = assessRelease(container, iodine, t0, {
      source: { type: 'INDIVIDUAL', limits: [{ Nuclide: 'I-131', SpecificActivity: 400, SurfaceActivity: null }] },
    });
    expect(single.SumOfRatios).toBeCloseTo(0.25, 9);
    const f18 = assessRelease(container, [{ nuclide: 'F-18', activity: null, activityDateTime: null }], t0, {
      source: { type: 'SPECIFIC_INCINERATION' },
    });
    expect(f18.MissingInputs).toEqual(['ClearanceLevel:F-18']);
  });
});
