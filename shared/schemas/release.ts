/**
 * The decay-in-storage answers as schemas: the release assessment, the nuclide table, the history lines, the
 * release's body and answer, the register and its summary.
 */
import * as v from 'valibot';
import type { NuclideModel } from '../domain/nuclides';
import type { NuclideAssessment, ReleaseAssessment } from '../domain/release';
import {
  JUSTIFICATION_LENGTH,
  MEASUREMENT_METHODS,
  RELEASE_TYPES,
  type ReleaseRecordModel,
  type ReleaseRegisterRow,
} from '../domain/release-record';
import type { HistoryEntryModel } from '../services/containers';
import type { ReleaseRegisterSummary } from '../services/releases';
import { identifier, text, timestamp } from './fields';

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
  PredictionRemark: v.nullable(v.string()),
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
  Row: v.nullable(v.string()),
  Note: v.nullable(v.string()),
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

/** The body of POST .../release: an optional Justification, the RPO's reason on record (10 to 1,000 characters). */
export const releaseBodySchema = v.object({
  Justification: v.optional(
    v.pipe(
      text(JUSTIFICATION_LENGTH.min, JUSTIFICATION_LENGTH.max),
      v.examples(['Measured again by hand below the clearance levels; see the protocol of 2026-11-20.']),
    ),
  ),
});
export const releaseMembers = { writable: ['Justification'], readOnly: [] } as const;

/** `?year=YYYY`: the year of the register, 0001 to 9999. */
export const yearQuery = v.pipe(
  v.string('detail.year'),
  v.regex(/^(?!0000)\d{4}$/, 'detail.year'),
  v.transform(Number),
);

/** ReleaseRecordModel: what a release answers. */
export const releaseRecordModel = v.strictObject({
  ContainerUuid: identifier,
  RecordDocumentUuid: identifier,
  ReleasedAt: timestamp,
  ReleasedBy: v.string(),
  ReleasedByName: v.nullable(v.string()),
  Justification: v.nullable(v.string()),
  Assessment: releaseAssessmentModel,
  Sha256: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)),
} satisfies Record<keyof ReleaseRecordModel, v.GenericSchema>);

/** ReleaseRegisterModel: a line of the register, as it was at the determination. */
export const releaseRegisterModel = v.strictObject({
  ContainerUuid: identifier,
  Name: v.string(),
  ReleasedAt: timestamp,
  ReleasedBy: v.string(),
  ReleasedByName: v.nullable(v.string()),
  Weight: nullableNumber,
  SumOfRatios: nullableNumber,
  Nuclides: v.array(v.strictObject({ Nuclide: v.string(), SpecificActivityBqPerG: nullableNumber })),
  MeasurementMethod: v.picklist(MEASUREMENT_METHODS),
  ReleaseType: v.picklist(RELEASE_TYPES),
  Justification: v.nullable(v.string()),
  RecordDocumentUuid: identifier,
} satisfies Record<keyof ReleaseRegisterRow, v.GenericSchema>);

const totals = { Releases: v.pipe(number, v.integer()), TotalWeight: number };
/** ReleaseRegisterSummaryModel: the year's mass (g) per type of release, the figures of the yearly report. */
export const releaseRegisterSummaryModel = v.strictObject({
  Client: identifier,
  Facility: identifier,
  Year: v.pipe(number, v.integer()),
  ...totals,
  ReleaseTypes: v.array(v.strictObject({ ReleaseType: v.picklist(RELEASE_TYPES), ...totals })),
} satisfies Record<keyof ReleaseRegisterSummary, v.GenericSchema>);
