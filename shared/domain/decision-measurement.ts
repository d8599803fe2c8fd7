/**
 * The decision measurement (Entscheidungsmessung) a release rests on: a counting measurement of the container with a
 * calibrated, checked instrument, evaluated as DIN ISO 11929-1 does for a counting measurement (k = 1.645,
 * α = β = 5 %, with the relative standard uncertainty of the calibration factor), split into nuclides by the
 * container's nuclide vector at the time of
 * the measurement (contents and their impurities, decayed). Stored as made: the release reads it as evidence.
 * Pure: no AWS, no HTTP.
 */
import type { NoticeLimit } from './clearance-notice';
import { clearanceValues, type ValueSource } from './clearance-values';
import { type BookedReleaseType, RELEASE_TYPES } from './release-types';
import { QUANTITY_MIN } from './values';

/** The coverage factor of both errors, α = β = 5 % (one-sided quantile of the normal distribution). */
export const COVERAGE_K = 1.645;

/** Where the counter looks: a container in the counter, or a probe over a surface. */
export const GEOMETRIES = ['BAG', 'BOX', 'DRUM', 'BOTTLE', 'SURFACE'] as const;
export type Geometry = (typeof GEOMETRIES)[number];

/** A gross and a background count, each with its counting time. */
export interface Counting {
  GrossCounts: number;
  GrossTimeSeconds: number;
  BackgroundCounts: number;
  BackgroundTimeSeconds: number;
}

/** The figures of one counting measurement (per g for the mass, per cm² for the surface). */
export interface CountingResult {
  /** r_g, r_0, r_n = r_g − r_0, s⁻¹. */
  GrossRate: number;
  BackgroundRate: number;
  NetRate: number;
  /** ε = Σ f_i·ε_i, s⁻¹/Bq. */
  Efficiency: number;
  /** u_rel(w) = u_rel(ε): the relative standard uncertainty of the calibration factor (0 for a stored one without). */
  EfficiencyRelUncertainty: number;
  /** a = w·r_n, with w = 1/(ε·m) (or 1/(ε·probe area)). */
  Activity: number;
  /** u(a) = √(w²·(r_g/t_g + r_0/t_0) + a²·u_rel²(w)). */
  StandardUncertainty: number;
  /** a* = k·w·√(r_0/t_g + r_0/t_0). */
  DecisionThreshold: number;
  /** a# = (2·a* + k²·w/t_g) / (1 − k²·u_rel²(w)). */
  DetectionLimit: number;
  /** a > a*. */
  Detected: boolean;
  /** a when detected, else a#. */
  ValueUsed: number;
}

/** A nuclide of the measured mixture: its share at the measurement, the efficiency calibrated for it, its part. */
export interface MeasuredNuclide {
  Nuclide: string;
  /** f_i: the nuclide's share of the activity at MeasuredAt (contents and impurities, decayed). */
  Fraction: number;
  /** ε_i of the calibration for the geometry and nuclide, s⁻¹/Bq. */
  Efficiency: number;
  /** The calibration's relative standard uncertainty of ε_i. */
  EfficiencyRelUncertainty: number;
  /** f_i × the value used (Bq/g, or Bq/cm² for the surface). */
  ValueUsed: number;
  /** f_i × a#. */
  DetectionLimit: number;
}

/** The instrument as it was at the measurement (the record prints it; the release checks it). */
export interface InstrumentSnapshot {
  Uuid: string;
  Name: string;
  Model: string;
  SerialNumber: string;
  Kind: string;
  CalibratedAt: string;
  CalibrationDueAt: string;
  /** The last function check at or before MeasuredAt (it passed, within its interval). */
  LastCheckAt: string;
}

/** The surface part: a probe over the container's fixed surface, averaged over at most 1,000 cm². */
export interface SurfaceMeasurement extends Counting, CountingResult {
  Instrument: InstrumentSnapshot;
  Geometry: 'SURFACE';
  ProbeAreaCm2: number;
  AveragingAreaCm2: number;
  Nuclides: MeasuredNuclide[];
}

/** How the measurement meets a release type's values at MeasuredAt. */
export interface TypeEvaluation {
  /** A measurement stored before issue 36 may name SPECIFIC_DISPOSAL (kept as made). */
  ReleaseType: BookedReleaseType;
  /** INDIVIDUAL: the notice whose values were used. */
  ClearanceNoticeUuid: string | null;
  /** Σ f_i·value used / L_i; null when a value is missing. */
  SumOfRatios: number | null;
  SurfaceSumOfRatios: number | null;
  /** Σ f_i·a#/L_i < 1 (and the same for the surface part). */
  DetectionLimitsSufficient: boolean | null;
  SurfaceDetectionLimitsSufficient: boolean | null;
  /** What the type lacks: `ClearanceLevel:X`, `SurfaceClearanceLevel:X`. */
  MissingInputs: string[];
}

/** DecisionMeasurementModel: every input, every computed figure, and the evaluation per release type. */
export interface DecisionMeasurement extends Counting, CountingResult {
  Uuid: string;
  ContainerUuid: string;
  InstrumentUuid: string;
  Instrument: InstrumentSnapshot;
  MeasuredAt: string;
  /** Who measured: the caller who posted it. */
  MeasuredBy: string;
  MeasuredByName: string | null;
  Geometry: Exclude<Geometry, 'SURFACE'>;
  /** m, the container's Weight at the measurement, g. */
  WeightG: number;
  Nuclides: MeasuredNuclide[];
  /**
   * The contents carry no activities, so the shares are unknown: the lowest ε_i was used and each nuclide carries the
   * whole activity (f_i = 1), which can only overstate a sum of ratios.
   */
  SharesAssumed: boolean;
  Surface: SurfaceMeasurement | null;
  NoFixedSurfaceReason: string | null;
  ReleaseTypes: TypeEvaluation[];
  CreatedAt: string;
}

/**
 * One counting measurement evaluated as ISO 11929-1 does (k = COVERAGE_K for both errors), per unit of `extent`: the
 * mass m in g for the container, the probe's area in cm² for a surface. w = 1/(ε·extent), with the relative standard
 * uncertainty `relUncertainty` of ε (so of w). From the standard's uncertainty function
 * ũ²(ã) = w²·((ã/w + r_0)/t_g + r_0/t_0) + ã²·u_rel²(w): a* = k·ũ(0), and a# = a* + k·ũ(a#) solved for a#.
 */
export function evaluateCounting(
  counting: Counting,
  efficiency: number,
  extent: number,
  relUncertainty = 0,
): CountingResult {
  const { GrossCounts: ng, GrossTimeSeconds: tg, BackgroundCounts: n0, BackgroundTimeSeconds: t0 } = counting;
  const grossRate = ng / tg;
  const backgroundRate = n0 / t0;
  const w = 1 / (efficiency * extent);
  const activity = w * (grossRate - backgroundRate);
  const threshold = COVERAGE_K * w * Math.sqrt(backgroundRate / tg + backgroundRate / t0);
  const limit = (2 * threshold + (COVERAGE_K ** 2 * w) / tg) / (1 - COVERAGE_K ** 2 * relUncertainty ** 2);
  const detected = activity > threshold;
  return {
    GrossRate: grossRate,
    BackgroundRate: backgroundRate,
    NetRate: grossRate - backgroundRate,
    Efficiency: efficiency,
    EfficiencyRelUncertainty: relUncertainty,
    Activity: activity,
    StandardUncertainty: Math.sqrt(
      w ** 2 * (grossRate / tg + backgroundRate / t0) + activity ** 2 * relUncertainty ** 2,
    ),
    DecisionThreshold: threshold,
    DetectionLimit: limit,
    Detected: detected,
    ValueUsed: detected ? activity : limit,
  };
}

/** The container's nuclide vector at the measurement (shared/domain/nuclide-vector.ts nuclideShares). */
export interface Mixture {
  shares: ReadonlyMap<string, number>;
  assumed: boolean;
}

/** A nuclide of the mixture with the efficiency calibrated for it. */
type Weighted = Pick<MeasuredNuclide, 'Nuclide' | 'Fraction' | 'Efficiency' | 'EfficiencyRelUncertainty'>;

/** A calibration as the mixture reads it: ε_i and its relative standard uncertainty. */
export interface CalibratedEfficiency {
  efficiency: number;
  relUncertainty: number;
}

/**
 * The mixture's efficiency ε = Σ f_i·ε_i, its relative uncertainty, and each nuclide with its share. The
 * calibrations' uncertainties are taken as fully correlated (one source, one geometry): u(ε) = Σ f_i·ε_i·u_rel,i, the
 * larger of the two bounds. With assumed shares (the contents carry no activities) the split is unknown: ε is the
 * lowest ε_i (the fewest counts per Bq, so the most activity per count), its uncertainty the largest u_rel,i, and
 * every nuclide is taken to carry the whole activity (f_i = 1).
 */
export function mixtureEfficiency(
  mixture: Mixture,
  calibrationOf: (nuclide: string) => CalibratedEfficiency,
): { efficiency: number; relUncertainty: number; nuclides: Weighted[] } {
  const nuclides = [...mixture.shares].map(([nuclide, share]) => {
    const c = calibrationOf(nuclide);
    return {
      Nuclide: nuclide,
      Fraction: mixture.assumed ? 1 : share,
      Efficiency: c.efficiency,
      EfficiencyRelUncertainty: c.relUncertainty,
    };
  });
  if (mixture.assumed)
    return {
      efficiency: Math.min(...nuclides.map((n) => n.Efficiency)),
      relUncertainty: Math.max(...nuclides.map((n) => n.EfficiencyRelUncertainty)),
      nuclides,
    };
  const efficiency = nuclides.reduce((sum, n) => sum + n.Fraction * n.Efficiency, 0);
  const spread = nuclides.reduce((sum, n) => sum + n.Fraction * n.Efficiency * n.EfficiencyRelUncertainty, 0);
  return { efficiency, relUncertainty: efficiency > 0 ? spread / efficiency : 0, nuclides };
}

/** A figure as stored: one below the exactly stored range (a share decayed to nothing) is 0. */
export const storable = (value: number): number => (Math.abs(value) < QUANTITY_MIN ? 0 : value);

/** Each nuclide's part of the value used and of the detection limit: f_i × value used, f_i × a#. */
export const splitByNuclide = (result: CountingResult, nuclides: readonly Weighted[]): MeasuredNuclide[] =>
  nuclides.map((n) => ({
    Nuclide: n.Nuclide,
    Fraction: storable(n.Fraction),
    Efficiency: n.Efficiency,
    EfficiencyRelUncertainty: n.EfficiencyRelUncertainty,
    ValueUsed: storable(n.Fraction * result.ValueUsed),
    DetectionLimit: storable(n.Fraction * result.DetectionLimit),
  }));

/** Σ part_i / L_i over the nuclides, or the nuclides without a value (L_i null). */
function sumOfRatios(
  nuclides: readonly MeasuredNuclide[],
  limitOf: (nuclide: string) => number | null,
  part: 'ValueUsed' | 'DetectionLimit',
): { sum: number | null; missing: string[] } {
  const missing = nuclides.filter((n) => limitOf(n.Nuclide) === null).map((n) => n.Nuclide);
  if (missing.length) return { sum: null, missing };
  return { sum: nuclides.reduce((sum, n) => sum + n[part] / limitOf(n.Nuclide)!, 0), missing };
}

/** A notice in force at the measurement that permits the individual case, with its values. */
export interface IndividualNotice {
  Uuid: string;
  Limits: readonly NoticeLimit[];
}

/** How the measurement meets the values of one source: the sums of ratios and whether the detection limits suffice. */
function evaluateAgainst(
  source: ValueSource,
  notice: string | null,
  mass: readonly MeasuredNuclide[],
  surface: readonly MeasuredNuclide[] | null,
): TypeEvaluation {
  const massValues = sumOfRatios(mass, (n) => clearanceValues(source, n).mass, 'ValueUsed');
  const massLimits = sumOfRatios(mass, (n) => clearanceValues(source, n).mass, 'DetectionLimit');
  const surfaceValueOf = (n: string) => clearanceValues(source, n).surface;
  const surfaceValues = surface && sumOfRatios(surface, surfaceValueOf, 'ValueUsed');
  const surfaceLimits = surface && sumOfRatios(surface, surfaceValueOf, 'DetectionLimit');
  return {
    ReleaseType: source.type,
    ClearanceNoticeUuid: notice,
    SumOfRatios: massValues.sum,
    SurfaceSumOfRatios: surfaceValues?.sum ?? null,
    DetectionLimitsSufficient: massLimits.sum === null ? null : massLimits.sum < 1,
    SurfaceDetectionLimitsSufficient: surfaceLimits?.sum == null ? null : surfaceLimits.sum < 1,
    MissingInputs: [
      ...massValues.missing.map((n) => `ClearanceLevel:${n}`),
      ...(surfaceValues?.missing ?? []).map((n) => `SurfaceClearanceLevel:${n}`),
    ],
  };
}

/**
 * The evaluation per release type at the measurement: the types of the nuclide table (UNRESTRICTED and the two
 * disposal routes), and INDIVIDUAL once per notice in force that permits it, with that notice's values. `surface` is
 * null without a surface part.
 */
export function evaluateTypes(
  mass: readonly MeasuredNuclide[],
  surface: readonly MeasuredNuclide[] | null,
  notices: readonly IndividualNotice[],
): TypeEvaluation[] {
  return [
    ...RELEASE_TYPES.filter((type) => type !== 'INDIVIDUAL').map((type) =>
      evaluateAgainst({ type }, null, mass, surface),
    ),
    ...notices.map((n) => evaluateAgainst({ type: 'INDIVIDUAL', limits: n.Limits }, n.Uuid, mass, surface)),
  ];
}

/** A decision measurement as the release weighs it: all it holds but the measurer's name (read from the directory). */
export type MeasuredDecision = Omit<DecisionMeasurement, 'MeasuredByName'>;
