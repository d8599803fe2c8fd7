/** The decision measurement: its body (counts, times, the surface part or why there is none) and its model. */
import * as v from 'valibot';
import { GEOMETRIES, type DecisionMeasurement } from '../domain/decision-measurement';
import {
  COUNTING_FIELDS,
  EVALUATION_FIELDS,
  MEASUREMENT_FIELDS,
  NUCLIDE_FIELDS,
  RESULT_FIELDS,
  SNAPSHOT_FIELDS,
  SURFACE_FIELDS,
} from '../domain/decision-measurement-fields';
import type { MeasurementInput } from '../domain/measurement';
import { BOOKED_RELEASE_TYPES } from '../domain/release-types';
import { QUANTITY_MAX } from '../domain/values';
import { wholeNumber } from './instrument';
import { identifier, model, oneOf, positiveQuantity, text, timestamp } from './fields';

/** Anlage 8 Teil A Nr. 1 d StrlSchV: the averaging area for surface contamination may be up to 1,000 cm². */
export const MAX_AVERAGING_AREA_CM2 = 1000;

export const CONTAINER_GEOMETRIES = GEOMETRIES.filter((g) => g !== 'SURFACE') as readonly (
  | 'BAG'
  | 'BOX'
  | 'DRUM'
  | 'BOTTLE'
)[];

const counts = v.pipe(wholeNumber(0, QUANTITY_MAX), v.description('Counts, a whole number.'));
const seconds = v.pipe(positiveQuantity, v.description('Counting time, s.'));
const counting = {
  GrossCounts: counts,
  GrossTimeSeconds: seconds,
  BackgroundCounts: counts,
  BackgroundTimeSeconds: seconds,
};

const surface = v.strictObject(
  {
    InstrumentUuid: v.optional(
      v.pipe(identifier, v.description("The probe's instrument; the measurement's when left out.")),
    ),
    Geometry: v.literal('SURFACE', 'detail.enum:SURFACE'),
    ...counting,
    AveragingAreaCm2: v.pipe(
      positiveQuantity,
      v.maxValue(MAX_AVERAGING_AREA_CM2, `detail.at_most:${MAX_AVERAGING_AREA_CM2}`),
      v.description('The area the contamination is averaged over, cm²: at most 1,000 (Anlage 8 Teil A Nr. 1 d).'),
    ),
  },
  'detail.object_members',
);

/** A bag measured as a whole (its example in the OpenAPI document). */
export const MEASUREMENT_EXAMPLE = {
  InstrumentUuid: '5b7e2a90-1c44-4b8e-a3f1-6d2c9e8f7a10',
  MeasuredAt: '2026-11-20 09:00:00',
  Geometry: 'BAG',
  GrossCounts: 1200,
  GrossTimeSeconds: 60,
  BackgroundCounts: 600,
  BackgroundTimeSeconds: 60,
  NoFixedSurfaceReason: 'Loose gloves and swabs in a bag: no fixed surface to measure.',
} satisfies MeasurementInput;

/** POST .../container/{uuid}/measurement: at most one of Surface and NoFixedSurfaceReason. */
export const measurementCreateSchema = v.pipe(
  v.object({
    InstrumentUuid: identifier,
    MeasuredAt: timestamp,
    Geometry: oneOf(CONTAINER_GEOMETRIES),
    ...counting,
    Surface: v.optional(surface),
    NoFixedSurfaceReason: v.optional(text(10, 500)),
  }),
  v.forward(
    v.check((body) => body.Surface === undefined || body.NoFixedSurfaceReason === undefined, 'detail.one_of_members'),
    ['NoFixedSurfaceReason'],
  ),
  v.examples([MEASUREMENT_EXAMPLE]),
);
const WRITABLE = Object.keys(measurementCreateSchema.entries);

const number = v.number();
const nullableNumber = v.nullable(number);
const ofFields = <F extends string>(fields: readonly F[], types: Record<F, v.GenericSchema>) => model(fields, types);

/** Each of `fields` a number. */
const numbersOf = <F extends string>(fields: readonly F[]) =>
  Object.fromEntries(fields.map((f) => [f, number])) as unknown as Record<F, v.GenericSchema>;
const countingTypes = numbersOf(COUNTING_FIELDS);
const resultTypes = { ...numbersOf(RESULT_FIELDS), Detected: v.boolean() };
const nuclide = ofFields(NUCLIDE_FIELDS, {
  Nuclide: v.string(),
  Fraction: number,
  Efficiency: number,
  EfficiencyRelUncertainty: number,
  ValueUsed: number,
  DetectionLimit: number,
});
const snapshot = ofFields(SNAPSHOT_FIELDS, {
  Uuid: identifier,
  Name: v.string(),
  Model: v.string(),
  SerialNumber: v.string(),
  Kind: v.string(),
  CalibratedAt: timestamp,
  CalibrationDueAt: timestamp,
  LastCheckAt: timestamp,
});
const evaluation = ofFields(EVALUATION_FIELDS, {
  ReleaseType: v.pipe(
    v.picklist(BOOKED_RELEASE_TYPES),
    v.description('SPECIFIC_DISPOSAL only in a measurement made before the two disposal routes were told apart.'),
  ),
  ClearanceNoticeUuid: v.nullable(identifier),
  SumOfRatios: nullableNumber,
  SurfaceSumOfRatios: nullableNumber,
  DetectionLimitsSufficient: v.nullable(v.boolean()),
  SurfaceDetectionLimitsSufficient: v.nullable(v.boolean()),
  MissingInputs: v.array(v.string()),
});
const surfaceModel = ofFields(SURFACE_FIELDS, {
  Instrument: snapshot,
  Geometry: v.literal('SURFACE'),
  ProbeAreaCm2: number,
  AveragingAreaCm2: number,
  ...countingTypes,
  ...resultTypes,
  Nuclides: v.array(nuclide),
});

/** DecisionMeasurementModel: every input, every figure (per g; the surface part per cm²), the evaluation per type. */
export const measurementModel = ofFields(MEASUREMENT_FIELDS, {
  Uuid: identifier,
  ContainerUuid: identifier,
  InstrumentUuid: identifier,
  Instrument: snapshot,
  MeasuredAt: timestamp,
  MeasuredBy: v.string(),
  MeasuredByName: v.nullable(v.string()),
  Geometry: oneOf(CONTAINER_GEOMETRIES),
  WeightG: number,
  ...countingTypes,
  ...resultTypes,
  Nuclides: v.array(nuclide),
  SharesAssumed: v.boolean(),
  Surface: v.nullable(surfaceModel),
  NoFixedSurfaceReason: v.nullable(v.string()),
  ReleaseTypes: v.array(evaluation),
  CreatedAt: timestamp,
} satisfies Record<keyof DecisionMeasurement, v.GenericSchema>);

export const measurementMembers = {
  writable: WRITABLE,
  readOnly: MEASUREMENT_FIELDS.filter((f) => !WRITABLE.includes(f)),
};
