/**
 * shared/domain/decision-evaluation.ts: a decision measurement weighed against a type's values at a moment: decay
 * from the measurement, detection limits low enough, the surface part a solid needs, what is missing.
 */
import { describe, expect, it } from 'vitest';
import { HALF_LIVES } from '../../../shared/domain/decay';
import { evaluateDecision } from '../../../shared/domain/decision-evaluation';
import { measurementFixture } from '../../support/memory/release-sources';

const at = '2026-11-20 08:00:00';
const measured = new Date('2026-11-20T08:00:00Z');
const I131 = HALF_LIVES['I-131']!;
const fixture = (options: Partial<Parameters<typeof measurementFixture>[0]> = {}) =>
  measurementFixture({
    containerUuid: 'c',
    at,
    weightG: 10_000,
    fractions: { 'I-131': 1 },
    valueUsed: 20,
    detectionLimit: 0.5,
    ...options,
  });

describe('evaluateDecision', () => {
  it('decays each nuclide from the measurement: 20 Bq/g of I-131 is 10 Bq/g one half-life later', () => {
    const later = new Date(measured.getTime() + I131 * 1000);
    const result = evaluateDecision(fixture(), { type: 'UNRESTRICTED' }, 'SOLID', later);
    expect(result.Nuclides[0]).toMatchObject({ ValueUsedBqPerG: 20, ClearanceLevelBqPerG: 10 });
    expect(result.Nuclides[0]!.SpecificActivityBqPerG).toBeCloseTo(10, 9);
    expect(result.SumOfRatios).toBeCloseTo(1, 9);
    expect(result).toMatchObject({ DetectionLimitsSufficient: true, ClearanceReached: true, MissingInputs: [] });
    expect(evaluateDecision(fixture(), { type: 'UNRESTRICTED' }, 'SOLID', measured).ClearanceReached).toBe(false);
  });

  it('detection limits too high clear nothing, whatever the value used: Σ f·a#/L must stay below 1', () => {
    const blind = fixture({ valueUsed: 10, detectionLimit: 10, detected: false });
    const result = evaluateDecision(blind, { type: 'UNRESTRICTED' }, 'SOLID', measured);
    expect(result).toMatchObject({ DetectionLimitsSufficient: false, ClearanceReached: false });
    expect(result.Nuclides[0]!.BelowDecisionThreshold).toBe(true);
  });

  it('a solid needs the surface part or the reason there is none; a form must be known', () => {
    const bare = fixture({ valueUsed: 1, noFixedSurfaceReason: null });
    const noReason = { ...bare, NoFixedSurfaceReason: null };
    expect(evaluateDecision(noReason, { type: 'UNRESTRICTED' }, 'SOLID', measured)).toMatchObject({
      ClearanceReached: null,
      MissingInputs: ['Surface'],
    });
    expect(evaluateDecision(noReason, { type: 'UNRESTRICTED' }, 'OIL', measured).ClearanceReached).toBe(true);
    expect(evaluateDecision(noReason, { type: 'UNRESTRICTED' }, null, measured).MissingInputs).toEqual(['WasteForm']);
    const surface = fixture({ valueUsed: 1, surface: { valueUsed: 20, detectionLimit: 0.5 } });
    expect(evaluateDecision(surface, { type: 'UNRESTRICTED' }, 'SOLID', measured)).toMatchObject({
      SurfaceSumOfRatios: 2,
      SurfaceDetectionLimitsSufficient: true,
      ClearanceReached: false,
    });
  });

  it('a value the type lacks is missing; for § 37 the notice sets it', () => {
    const f18 = fixture({ fractions: { 'F-18': 1 }, valueUsed: 1 });
    expect(evaluateDecision(f18, { type: 'SPECIFIC_LANDFILL' }, 'SOLID', measured).MissingInputs).toEqual([
      'ClearanceLevel:F-18',
    ]);
    const limits = [{ Nuclide: 'F-18', SpecificActivity: 2, SurfaceActivity: null }];
    expect(evaluateDecision(f18, { type: 'INDIVIDUAL', limits }, 'SOLID', measured).SumOfRatios).toBe(0.5);
  });
});
