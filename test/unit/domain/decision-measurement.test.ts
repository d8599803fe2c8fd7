/** shared/domain/decision-measurement.ts: the ISO 11929 figures of a counting measurement and their evaluation. */
import { describe, expect, it } from 'vitest';
import {
  COVERAGE_K,
  evaluateCounting,
  evaluateTypes,
  mixtureEfficiency,
  splitByNuclide,
  storable,
} from '../../../shared/domain/decision-measurement';

/** Issue 27's worked case: F-18 only, 10 kg, ε = 0.1 s⁻¹/Bq, 1200 counts in 60 s against 600 in 60 s. */
const ACCEPTANCE = { GrossCounts: 1200, GrossTimeSeconds: 60, BackgroundCounts: 600, BackgroundTimeSeconds: 60 };
const within = (actual: number, expected: number, relative = 1e-3) =>
  expect(Math.abs(actual - expected) / Math.abs(expected)).toBeLessThanOrEqual(relative);

describe('evaluateCounting', () => {
  it('gives the acceptance case within 0.1 %: a = 0.01, a* ≈ 9.497e-4, a# ≈ 1.945e-3 Bq/g', () => {
    const r = evaluateCounting(ACCEPTANCE, 0.1, 10_000);
    expect([r.GrossRate, r.BackgroundRate, r.NetRate]).toEqual([20, 10, 10]);
    within(r.Activity, 0.01);
    within(r.DecisionThreshold, 9.497e-4);
    within(r.DetectionLimit, 1.945e-3);
    // u(a) = w·√(r_g/t_g + r_0/t_0) = 1e-3·√(20/60 + 10/60)
    within(r.StandardUncertainty, 1e-3 * Math.sqrt(0.5));
    expect(r).toMatchObject({ Efficiency: 0.1, Detected: true });
    expect(r.ValueUsed).toBe(r.Activity);
  });

  it(
    "carries the calibration's uncertainty as ISO 11929-1 does: the worked example (u_rel 10 %) within 0.1 %: " +
      'a = 0.01, u(a) ≈ 1.225e-3, a* ≈ 9.497e-4, a# ≈ 1.999e-3 Bq/g',
    () => {
      const r = evaluateCounting(ACCEPTANCE, 0.1, 10_000, 0.1);
      within(r.Activity, 0.01);
      // a* = k·ũ(0) does not depend on u_rel(w): ũ(0) has no a² term.
      within(r.DecisionThreshold, 9.497e-4);
      // u²(a) = w²·(r_g/t_g + r_0/t_0) + a²·u_rel²(w) = 1e-6·0.5 + 1e-4·0.01
      within(r.StandardUncertainty, Math.sqrt(1.5e-6));
      within(r.StandardUncertainty, 1.2247e-3);
      // a# = (2a* + k²·w/t_g) / (1 − k²·u_rel²(w)) = 1.94458e-3 / 0.972940
      within(r.DetectionLimit, 1.999e-3);
      within(r.DetectionLimit, 1.99866e-3, 1e-5);
      expect(r).toMatchObject({ EfficiencyRelUncertainty: 0.1, Detected: true, ValueUsed: r.Activity });
      // The raise of a# against u_rel = 0: 2.8 % at 10 %, 12 % at 20 % (1 / (1 − k²·u²)).
      const without = evaluateCounting(ACCEPTANCE, 0.1, 10_000).DetectionLimit;
      within(r.DetectionLimit / without, 1.0278, 1e-4);
      within(evaluateCounting(ACCEPTANCE, 0.1, 10_000, 0.2).DetectionLimit / without, 1.1214, 1e-4);
      // a# solves a# = a* + k·ũ(a#) with ũ²(ã) = w²·((ã/w + r_0)/t_g + r_0/t_0) + ã²·u_rel²: the standard's definition.
      const w = 1e-3;
      const tilde = (a: number) => Math.sqrt(w ** 2 * ((a / w + 10) / 60 + 10 / 60) + a ** 2 * 0.01);
      within(r.DecisionThreshold + COVERAGE_K * tilde(r.DetectionLimit), r.DetectionLimit, 1e-12);
      within(COVERAGE_K * tilde(0), r.DecisionThreshold, 1e-12);
    },
  );

  it('uses the detection limit when the net rate does not exceed the decision threshold', () => {
    // r_n = 10.5 − 10 = 0.5 s⁻¹: a = 5e-4 Bq/g, below a* ≈ 9.497e-4.
    const r = evaluateCounting({ ...ACCEPTANCE, GrossCounts: 630 }, 0.1, 10_000);
    within(r.Activity, 5e-4);
    expect(r.Detected).toBe(false);
    expect(r.ValueUsed).toBe(r.DetectionLimit);
  });

  it('counts a net activity exactly at the decision threshold as not detected (a > a* only)', () => {
    const base = evaluateCounting({ ...ACCEPTANCE, GrossCounts: 600 }, 1, 1);
    expect(base.Activity).toBe(0);
    // Without background, a* = 0: a zero net count is not detected; the value used is a# = k²·w/t_g.
    const clean = evaluateCounting(
      { GrossCounts: 0, GrossTimeSeconds: 100, BackgroundCounts: 0, BackgroundTimeSeconds: 100 },
      0.5,
      1000,
    );
    expect(clean).toMatchObject({ Activity: 0, DecisionThreshold: 0, Detected: false });
    within(clean.DetectionLimit, COVERAGE_K ** 2 / (0.5 * 1000) / 100);
  });

  it('gives a negative activity when the background counts more, and then uses a#', () => {
    const r = evaluateCounting({ ...ACCEPTANCE, GrossCounts: 300 }, 0.1, 10_000);
    expect(r.Activity).toBeLessThan(0);
    expect(r.ValueUsed).toBe(r.DetectionLimit);
  });

  it('halves every figure when the mass doubles (per g), and longer counting lowers the detection limit', () => {
    const one = evaluateCounting(ACCEPTANCE, 0.1, 10_000);
    const two = evaluateCounting(ACCEPTANCE, 0.1, 20_000);
    within(two.Activity, one.Activity / 2, 1e-12);
    within(two.DetectionLimit, one.DetectionLimit / 2, 1e-12);
    const longer = evaluateCounting(
      { GrossCounts: 12_000, GrossTimeSeconds: 600, BackgroundCounts: 6000, BackgroundTimeSeconds: 600 },
      0.1,
      10_000,
    );
    expect(longer.DetectionLimit).toBeLessThan(one.DetectionLimit / 3);
  });
});

describe('mixtureEfficiency', () => {
  const efficiencies: Record<string, number> = { 'Ga-68': 0.2, 'Ge-68': 0.05 };
  const uncertainties: Record<string, number> = { 'Ga-68': 0.1, 'Ge-68': 0.2 };
  it('weights each efficiency by its share: ε = Σ f_i·ε_i', () => {
    const mixed = mixtureEfficiency(
      {
        shares: new Map([
          ['Ga-68', 0.75],
          ['Ge-68', 0.25],
        ]),
        assumed: false,
      },
      (n) => ({ efficiency: efficiencies[n]!, relUncertainty: uncertainties[n]! }),
    );
    within(mixed.efficiency, 0.75 * 0.2 + 0.25 * 0.05, 1e-12);
    expect(mixed.nuclides.map((n) => n.Fraction)).toEqual([0.75, 0.25]);
    // Fully correlated: u(ε) = Σ f_i·ε_i·u_i, so u_rel(ε) = (0.15·0.1 + 0.0125·0.2) / 0.1625.
    within(mixed.relUncertainty, (0.15 * 0.1 + 0.0125 * 0.2) / 0.1625, 1e-12);
  });

  it('with assumed shares takes the lowest efficiency and lets each nuclide carry the whole activity', () => {
    const assumed = mixtureEfficiency(
      {
        shares: new Map([
          ['Ga-68', 1],
          ['Ge-68', 1],
        ]),
        assumed: true,
      },
      (n) => ({ efficiency: efficiencies[n]!, relUncertainty: uncertainties[n]! }),
    );
    expect([assumed.efficiency, assumed.relUncertainty]).toEqual([0.05, 0.2]);
    expect(assumed.nuclides.map((n) => [n.Nuclide, n.Fraction, n.Efficiency, n.EfficiencyRelUncertainty])).toEqual([
      ['Ga-68', 1, 0.2, 0.1],
      ['Ge-68', 1, 0.05, 0.2],
    ]);
  });
});

describe('splitByNuclide and storable', () => {
  it("gives each nuclide f_i × the value used and f_i × a#; a share decayed to nothing's part is 0", () => {
    const r = evaluateCounting(ACCEPTANCE, 0.1, 10_000);
    const parts = splitByNuclide(r, [
      { Nuclide: 'F-18', Fraction: 0.9, Efficiency: 0.1, EfficiencyRelUncertainty: 0 },
      { Nuclide: 'Ga-68', Fraction: 1e-250, Efficiency: 0.1, EfficiencyRelUncertainty: 0 },
    ]);
    within(parts[0]!.ValueUsed, 0.9 * 0.01, 1e-12);
    within(parts[0]!.DetectionLimit, 0.9 * r.DetectionLimit, 1e-12);
    expect(parts[1]).toEqual({
      Nuclide: 'Ga-68',
      Fraction: 0,
      Efficiency: 0.1,
      EfficiencyRelUncertainty: 0,
      ValueUsed: 0,
      DetectionLimit: 0,
    });
    expect([storable(1e-101), storable(-1e-101), storable(1e-100), storable(0.5)]).toEqual([0, 0, 1e-100, 0.5]);
  });
});

describe('evaluateTypes', () => {
  const f18 = (valueUsed: number, limit: number) => [
    {
      Nuclide: 'F-18',
      Fraction: 1,
      Efficiency: 0.1,
      EfficiencyRelUncertainty: 0,
      ValueUsed: valueUsed,
      DetectionLimit: limit,
    },
  ];

  it('divides by Spalte 3 for UNRESTRICTED: F-18 10 Bq/g; the detection limits suffice when Σ f_i·a#/L_i < 1', () => {
    const [unrestricted] = evaluateTypes(f18(0.01, 1.945e-3), null, []);
    expect(unrestricted).toMatchObject({
      ReleaseType: 'UNRESTRICTED',
      ClearanceNoticeUuid: null,
      SurfaceSumOfRatios: null,
      DetectionLimitsSufficient: true,
      SurfaceDetectionLimitsSufficient: null,
      MissingInputs: [],
    });
    within(unrestricted!.SumOfRatios!, 0.001, 1e-12);
  });

  it('finds the detection limits insufficient at a sum of 1 exactly (the limit must lie below the values)', () => {
    const [atOne] = evaluateTypes(f18(5, 10), null, []);
    const [below] = evaluateTypes(f18(5, 9.999), null, []);
    expect([atOne!.DetectionLimitsSufficient, below!.DetectionLimitsSufficient]).toEqual([false, true]);
  });

  it('names a value the table does not hold (F-18 has no Spalte 8/9) and leaves the sums null', () => {
    const [, disposal, incineration] = evaluateTypes(f18(0.01, 0.002), f18(0.5, 0.1), []);
    expect(incineration).toMatchObject({ ReleaseType: 'SPECIFIC_INCINERATION', SumOfRatios: null });
    expect(disposal).toMatchObject({
      ReleaseType: 'SPECIFIC_LANDFILL',
      SumOfRatios: null,
      DetectionLimitsSufficient: null,
      MissingInputs: ['ClearanceLevel:F-18'],
    });
    // Spalte 5 holds for F-18 (1 Bq/cm²): the surface part of the same type is evaluated.
    expect(disposal!.SurfaceSumOfRatios).toBeCloseTo(0.5, 12);
    expect(disposal!.SurfaceDetectionLimitsSufficient).toBe(true);
  });

  it("evaluates INDIVIDUAL once per notice, with that notice's limits, naming a nuclide it does not list", () => {
    const evaluations = evaluateTypes(f18(0.01, 0.002), f18(0.2, 0.05), [
      { Uuid: 'n1', Limits: [{ Nuclide: 'F-18', SpecificActivity: 0.02, SurfaceActivity: null }] },
      { Uuid: 'n2', Limits: [{ Nuclide: 'Ga-68', SpecificActivity: 1, SurfaceActivity: 1 }] },
    ]);
    expect(evaluations.map((e) => [e.ReleaseType, e.ClearanceNoticeUuid])).toEqual([
      ['UNRESTRICTED', null],
      ['SPECIFIC_LANDFILL', null],
      ['SPECIFIC_INCINERATION', null],
      ['INDIVIDUAL', 'n1'],
      ['INDIVIDUAL', 'n2'],
    ]);
    expect(evaluations[3]).toMatchObject({
      SumOfRatios: 0.5,
      DetectionLimitsSufficient: true,
      SurfaceSumOfRatios: null,
      MissingInputs: ['SurfaceClearanceLevel:F-18'],
    });
    expect(evaluations[4]!.MissingInputs).toEqual(['ClearanceLevel:F-18', 'SurfaceClearanceLevel:F-18']);
  });
});
