/**
 * The decision measurement (Entscheidungsmessung) a release rests on: a counting measurement of the container with a
 * calibrated, checked instrument, evaluated as DIN ISO 11929 does for a counting measurement (k = 1.645, α = β = 5 %,
 * the calibration's own uncertainty left out), split into nuclides by the container's nuclide vector at the time of
 * the measurement (contents and their impurities, decayed). Stored as made: the release reads it as evidence.
 * Pure: no AWS, no HTTP.
 */
import type { NoticeLimit } from './clearance-notice';
import { clearanceValues, type ValueSource } from './clearance-values';
import type { ReleaseType } from './release-types';
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
  /** a = w·r_n, with w = 1/(ε·m) (or 1/(ε·probe area)). */
  Activity: number;
  /** u(a) = w·√(r_g/t_g + r_0/t_0). */
  StandardUncertainty: number;
  /** a* = k·w·√(r_0/t_g + r_0/t_0). */
  DecisionThreshold: number;
  /** a# = 2·a* + k²·w/t_g. */
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
  ReleaseType: ReleaseType;
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
 * One counting measurement evaluated as ISO 11929 does (k = COVERAGE_K), per unit of `extent`: the mass m in g for
 * the container, the probe's area in cm² for a surface. w = 1/(ε·extent).
 */
export function evaluateCounting(counting: Counting, efficiency: number, extent: number): CountingResult {
  const { GrossCounts: ng, GrossTimeSeconds: tg, BackgroundCounts: n0, BackgroundTimeSeconds: t0 } = counting;
  const grossRate = ng / tg;
  const backgroundRate = n0 / t0;
  const w = 1 / (efficiency * extent);
  const activity = w * (grossRate - backgroundRate);
  const threshold = COVERAGE_K * w * Math.sqrt(backgroundRate / tg + backgroundRate / t0);
  const limit = 2 * threshold + (COVERAGE_K ** 2 * w) / tg;
  const detected = activity > threshold;
  return {
    GrossRate: grossRate,
    BackgroundRate: backgroundRate,
    NetRate: grossRate - backgroundRate,
    Efficiency: efficiency,
    Activity: activity,
    StandardUncertainty: w * Math.sqrt(grossRate / tg + backgroundRate / t0),
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
type Weighted = Pick<MeasuredNuclide, 'Nuclide' | 'Fraction' | 'Efficiency'>;

/**
 * The mixture's efficiency ε = Σ f_i·ε_i, and each nuclide with its share. With assumed shares (the contents carry
 * no activities) the split is unknown: ε is the lowest ε_i (the fewest counts per Bq, so the most activity per count)
 * and every nuclide is taken to carry the whole activity (f_i = 1).
 */
export function mixtureEfficiency(
  mixture: Mixture,
  efficiencyOf: (nuclide: string) => number,
): { efficiency: number; nuclides: Weighted[] } {
  const nuclides = [...mixture.shares].map(([nuclide, share]) => ({
    Nuclide: nuclide,
    Fraction: mixture.assumed ? 1 : share,
    Efficiency: efficiencyOf(nuclide),
  }));
  const efficiency = mixture.assumed
    ? Math.min(...nuclides.map((n) => n.Efficiency))
    : nuclides.reduce((sum, n) => sum + n.Fraction * n.Efficiency, 0);
  return { efficiency, nuclides };
}

/** A figure as stored: one below the exactly stored range (a share decayed to nothing) is 0. */
export const storable = (value: number): number => (Math.abs(value) < QUANTITY_MIN ? 0 : value);

/** Each nuclide's part of the value used and of the detection limit: f_i × value used, f_i × a#. */
export const splitByNuclide = (result: CountingResult, nuclides: readonly Weighted[]): MeasuredNuclide[] =>
  nuclides.map((n) => ({
    Nuclide: n.Nuclide,
    Fraction: storable(n.Fraction),
    Efficiency: n.Efficiency,
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
 * The evaluation per release type at the measurement: UNRESTRICTED and SPECIFIC_DISPOSAL from the nuclide table, and
 * INDIVIDUAL once per notice in force that permits it, with that notice's values. `surface` is null without a
 * surface part.
 */
export function evaluateTypes(
  mass: readonly MeasuredNuclide[],
  surface: readonly MeasuredNuclide[] | null,
  notices: readonly IndividualNotice[],
): TypeEvaluation[] {
  return [
    evaluateAgainst({ type: 'UNRESTRICTED' }, null, mass, surface),
    evaluateAgainst({ type: 'SPECIFIC_DISPOSAL' }, null, mass, surface),
    ...notices.map((n) => evaluateAgainst({ type: 'INDIVIDUAL', limits: n.Limits }, n.Uuid, mass, surface)),
  ];
}

/** A decision measurement as the release weighs it: all it holds but the measurer's name (read from the directory). */
export type MeasuredDecision = Omit<DecisionMeasurement, 'MeasuredByName'>;
