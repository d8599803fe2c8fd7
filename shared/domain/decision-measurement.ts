/**
 * The decision measurement (Entscheidungsmessung) a release rests on: a counting measurement of the container with a
 * calibrated, checked instrument, evaluated as DIN ISO 11929 does for a counting measurement (k = 1.645, α = β = 5 %,
 * the calibration's own uncertainty left out), split into nuclides by the container's nuclide vector at the time of
 * the measurement (contents and their impurities, decayed). Stored as made: the release reads it as evidence.
 * Pure: no AWS, no HTTP.
 */
import type { ReleaseType } from './release-types';

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
  Surface: SurfaceMeasurement | null;
  NoFixedSurfaceReason: string | null;
  ReleaseTypes: TypeEvaluation[];
  CreatedAt: string;
}
