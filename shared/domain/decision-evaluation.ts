/**
 * A decision measurement weighed against a release type's values at a moment: each nuclide's value used (the
 * measured activity, or the detection limit where nothing was detected) decayed from the measurement to that moment,
 * over its value; the sums (mass, and surface where measured); whether the detection limits were low enough to show
 * the values are met (Σ f_i·a#/L_i < 1); and what the evaluation lacks. The measurement itself is
 * shared/domain/decision-measurement.ts. Pure: no AWS, no HTTP.
 */
import { clearanceValues, type ValueSource } from './clearance-values';
import { decay, HALF_LIVES } from './decay';
import type { MeasuredDecision, MeasuredNuclide } from './decision-measurement';
import type { WasteForm } from './release-types';
import { formatTimestamp, parseTimestamp } from './time';

/** A nuclide of the evaluation: its value used at the measurement, and now against its value. */
export interface EvaluatedNuclide {
  Nuclide: string;
  /** f_i × the value used, at MeasuredAt, Bq/g. */
  ValueUsedBqPerG: number;
  /** Nothing was detected: the value used is the detection limit's share. */
  BelowDecisionThreshold: boolean;
  /** The value used decayed to the evaluation's moment, Bq/g. */
  SpecificActivityBqPerG: number | null;
  ClearanceLevelBqPerG: number | null;
  Ratio: number | null;
}

export interface DecisionEvaluation {
  Uuid: string;
  MeasuredAt: string;
  EvaluatedAt: string;
  Nuclides: EvaluatedNuclide[];
  SumOfRatios: number | null;
  SurfaceSumOfRatios: number | null;
  DetectionLimitsSufficient: boolean | null;
  SurfaceDetectionLimitsSufficient: boolean | null;
  /** The values are met with detection limits low enough, the surface part present where the form needs one. */
  ClearanceReached: boolean | null;
  MissingInputs: string[];
}

/** Forms with a fixed surface: a release needs the surface part, or the reason there is none (§ 35 Nr. 3). */
const FORMS_WITH_SURFACE: readonly WasteForm[] = ['SOLID'];

/** Each nuclide's part decayed to `at` over `value`, and the detection limits' share of the values. */
function weigh(
  nuclides: readonly MeasuredNuclide[],
  value: (nuclide: string) => number | null,
  seconds: number,
  missing: (nuclide: string) => void,
) {
  const rows = nuclides.map((n) => {
    const level = value(n.Nuclide);
    const halfLife = HALF_LIVES[n.Nuclide];
    if (level === null) missing(n.Nuclide);
    const now = halfLife === undefined ? null : decay(n.ValueUsed, seconds, halfLife);
    return { n, level, now, ratio: now !== null && level !== null ? now / level : null };
  });
  const complete = rows.every((r) => r.ratio !== null);
  return {
    rows,
    sum: complete ? rows.reduce((s, r) => s + r.ratio!, 0) : null,
    limitsSufficient: complete ? rows.reduce((s, r) => s + r.n.DetectionLimit / r.level!, 0) < 1 : null,
  };
}

/** The measurement against `source`'s values at `at`, for a container of `form`. */
export function evaluateDecision(
  measurement: MeasuredDecision,
  source: ValueSource,
  form: WasteForm | null,
  at: Date,
): DecisionEvaluation {
  const missing: string[] = [];
  const measuredAt = parseTimestamp(measurement.MeasuredAt)!;
  const seconds = Math.max(0, (at.getTime() - measuredAt.getTime()) / 1000);
  const mass = weigh(
    measurement.Nuclides,
    (n) => clearanceValues(source, n).mass,
    seconds,
    (n) => missing.push(`ClearanceLevel:${n}`),
  );
  const surface = measurement.Surface
    ? weigh(
        measurement.Surface.Nuclides,
        (n) => clearanceValues(source, n).surface,
        seconds,
        (n) => missing.push(`SurfaceClearanceLevel:${n}`),
      )
    : null;
  if (form === null) missing.push('WasteForm');
  else if (FORMS_WITH_SURFACE.includes(form) && !measurement.Surface && measurement.NoFixedSurfaceReason === null)
    missing.push('Surface');
  // A part known to fail decides (false); else anything missing leaves it open (null).
  const fails = (part: typeof mass | null) =>
    part !== null && part.sum !== null && (part.sum > 1 || part.limitsSufficient === false);
  const cleared = fails(mass) || fails(surface) ? false : missing.length ? null : true;
  return {
    Uuid: measurement.Uuid,
    MeasuredAt: measurement.MeasuredAt,
    EvaluatedAt: formatTimestamp(at),
    Nuclides: mass.rows.map((r) => ({
      Nuclide: r.n.Nuclide,
      ValueUsedBqPerG: r.n.ValueUsed,
      BelowDecisionThreshold: !measurement.Detected,
      SpecificActivityBqPerG: r.now,
      ClearanceLevelBqPerG: r.level,
      Ratio: r.ratio,
    })),
    SumOfRatios: mass.sum,
    SurfaceSumOfRatios: surface?.sum ?? null,
    DetectionLimitsSufficient: mass.limitsSufficient,
    SurfaceDetectionLimitsSufficient: surface?.limitsSufficient ?? null,
    ClearanceReached: cleared,
    MissingInputs: missing,
  };
}
