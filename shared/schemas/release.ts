/** The decay-in-storage answers as schemas: the release assessment, the nuclide table and the history lines. */
import * as v from 'valibot';
import type { NuclideModel } from '../domain/nuclides';
import type { NuclideAssessment, ReleaseAssessment } from '../domain/release';
import type { HistoryEntryModel } from '../services/containers';
import { identifier, timestamp } from './fields';

const number = v.number();
const nullableNumber = v.nullable(number);

const nuclideAssessment = v.strictObject({
  Nuclide: v.string(),
  /** Of the measured activity at MeasurementDate (0 to 1; 1 each when the shares are assumed). */
  Share: nullableNumber,
  /** Now, Bq/g. */
  SpecificActivityBqPerG: nullableNumber,
  ClearanceLevelBqPerG: nullableNumber,
  Ratio: nullableNumber,
} satisfies Record<keyof NuclideAssessment, v.GenericSchema>);

/**
 * ReleaseAssessmentModel: the container's assessment; missing inputs are named in MissingInputs and leave the results
 * null.
 */
export const releaseAssessmentModel = v.strictObject({
  ContainerUuid: identifier,
  AssessedAt: timestamp,
  Basis: v.string(),
  MeasurementDate: v.nullable(timestamp),
  SpecificActivityAtMeasurementBqPerG: nullableNumber,
  SharesAssumed: v.boolean(),
  Nuclides: v.array(nuclideAssessment),
  SumOfRatios: nullableNumber,
  ClearanceReached: v.nullable(v.boolean()),
  PredictedReleaseDateTime: v.nullable(timestamp),
  SurfaceCheck: v.nullable(
    v.strictObject({
      MeasurementContamination: number,
      SumOfRatios: nullableNumber,
      ClearanceReached: v.nullable(v.boolean()),
    }),
  ),
  MissingInputs: v.array(v.string()),
} satisfies Record<keyof ReleaseAssessment | 'ContainerUuid', v.GenericSchema>);

/** NuclideModel: a figure the code cannot cite is null. */
export const nuclideModel = v.strictObject({
  Nuclide: v.string(),
  HalfLifeSeconds: number,
  ClearanceLevelBqPerG: nullableNumber,
  SurfaceClearanceLevelBqPerCm2: nullableNumber,
} satisfies Record<keyof NuclideModel, v.GenericSchema>);

/** ContainerHistoryEntryModel: one field of one audit entry; the values are as the field holds them. */
export const historyEntryModel = v.strictObject({
  At: timestamp,
  By: v.string(),
  ByName: v.nullable(v.string()),
  Field: v.string(),
  OldValue: v.unknown(),
  NewValue: v.unknown(),
  RequestId: v.string(),
} satisfies Record<keyof HistoryEntryModel, v.GenericSchema>);
