/**
 * The decision measurement's members in the order its model shows them, at every level: a stored item's attributes
 * come back in any order, the answer and the record show them in one. Pure: no AWS, no HTTP.
 */
import type {
  Counting,
  CountingResult,
  DecisionMeasurement,
  InstrumentSnapshot,
  MeasuredNuclide,
  SurfaceMeasurement,
  TypeEvaluation,
} from './decision-measurement';

/** The members of each part, in the order the model shows them (a stored item's attributes come in any order). */
export const COUNTING_FIELDS = [
  'GrossCounts',
  'GrossTimeSeconds',
  'BackgroundCounts',
  'BackgroundTimeSeconds',
] as const satisfies readonly (keyof Counting)[];
export const RESULT_FIELDS = [
  'GrossRate',
  'BackgroundRate',
  'NetRate',
  'Efficiency',
  'EfficiencyRelUncertainty',
  'Activity',
  'StandardUncertainty',
  'DecisionThreshold',
  'DetectionLimit',
  'Detected',
  'ValueUsed',
] as const satisfies readonly (keyof CountingResult)[];
export const NUCLIDE_FIELDS = [
  'Nuclide',
  'Fraction',
  'Efficiency',
  'EfficiencyRelUncertainty',
  'ValueUsed',
  'DetectionLimit',
] as const satisfies readonly (keyof MeasuredNuclide)[];
export const SNAPSHOT_FIELDS = [
  'Uuid',
  'Name',
  'Model',
  'SerialNumber',
  'Kind',
  'CalibratedAt',
  'CalibrationDueAt',
  'LastCheckAt',
] as const satisfies readonly (keyof InstrumentSnapshot)[];
export const SURFACE_FIELDS = [
  'Instrument',
  'Geometry',
  'ProbeAreaCm2',
  'AveragingAreaCm2',
  ...COUNTING_FIELDS,
  ...RESULT_FIELDS,
  'Nuclides',
] as const satisfies readonly (keyof SurfaceMeasurement)[];
export const EVALUATION_FIELDS = [
  'ReleaseType',
  'ClearanceNoticeUuid',
  'SumOfRatios',
  'SurfaceSumOfRatios',
  'DetectionLimitsSufficient',
  'SurfaceDetectionLimitsSufficient',
  'MissingInputs',
] as const satisfies readonly (keyof TypeEvaluation)[];
export const MEASUREMENT_FIELDS = [
  'Uuid',
  'ContainerUuid',
  'InstrumentUuid',
  'Instrument',
  'MeasuredAt',
  'MeasuredBy',
  'MeasuredByName',
  'Geometry',
  'WeightG',
  ...COUNTING_FIELDS,
  ...RESULT_FIELDS,
  'Nuclides',
  'SharesAssumed',
  'Surface',
  'NoFixedSurfaceReason',
  'ReleaseTypes',
  'CreatedAt',
] as const satisfies readonly (keyof DecisionMeasurement)[];

/** `source`'s members `fields`, in that order (a missing one as null). */
export const pick = <T>(fields: readonly string[], source: Record<string, unknown>): T =>
  Object.fromEntries(fields.map((f) => [f, source[f] ?? null])) as T;

/** A measurement made before issue 36 was evaluated without the calibration's uncertainty: u_rel(w) = 0. */
const withoutCalibrationUncertainty = { EfficiencyRelUncertainty: 0 };

/** A measurement in the model's member order, at every level. */
export function ordered(m: DecisionMeasurement): DecisionMeasurement {
  const nuclides = (list: readonly MeasuredNuclide[]) =>
    list.map((n) => pick<MeasuredNuclide>(NUCLIDE_FIELDS, { ...withoutCalibrationUncertainty, ...n }));
  const snapshot = (s: InstrumentSnapshot) => pick<InstrumentSnapshot>(SNAPSHOT_FIELDS, { ...s });
  return pick<DecisionMeasurement>(MEASUREMENT_FIELDS, {
    ...withoutCalibrationUncertainty,
    ...m,
    Instrument: snapshot(m.Instrument),
    Nuclides: nuclides(m.Nuclides),
    Surface:
      m.Surface &&
      pick<SurfaceMeasurement>(SURFACE_FIELDS, {
        ...withoutCalibrationUncertainty,
        ...m.Surface,
        Instrument: snapshot(m.Surface.Instrument),
        Nuclides: nuclides(m.Surface.Nuclides),
      }),
    ReleaseTypes: m.ReleaseTypes.map((t) => pick<TypeEvaluation>(EVALUATION_FIELDS, { ...t })),
  });
}
