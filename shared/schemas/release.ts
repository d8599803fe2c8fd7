/**
 * The decay-in-storage answers as schemas: the release assessment, the nuclide table, the history lines, the
 * release's body and answer (the register and its summary: shared/schemas/register.ts).
 */
import * as v from 'valibot';
import type { NuclideModel, NuclideReleaseType } from '../domain/nuclides';
import type { DecisionEvaluation, EvaluatedNuclide } from '../domain/decision-evaluation';
import type { NuclideAssessment, Plausibility, ReleaseAssessment } from '../domain/release-assessment';
import type { ReleaseRecordModel } from '../domain/release-record';
import type { RegisterPlant } from '../domain/release-register';
import type { HistoryEntryModel } from '../domain/container-audit';
import { ANY_RELEASE_TYPES, RELEASE_TYPES, WASTE_FORMS } from '../domain/release-types';
import { justification } from './container';
import { identifier, oneOf, text, timestamp } from './fields';

const number = v.number();
/** A SHA-256 in hex, as the record's and the register's hashes are given. */
export const sha256Hex = v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/));
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

/** A decision measurement weighed against the type's values at the moment of the assessment. */
const decisionEvaluation = v.strictObject({
  Uuid: identifier,
  MeasuredAt: timestamp,
  EvaluatedAt: timestamp,
  Nuclides: v.array(
    v.strictObject({
      Nuclide: v.string(),
      ValueUsedBqPerG: number,
      BelowDecisionThreshold: v.boolean(),
      SpecificActivityBqPerG: nullableNumber,
      ClearanceLevelBqPerG: nullableNumber,
      Ratio: nullableNumber,
    } satisfies Record<keyof EvaluatedNuclide, v.GenericSchema>),
  ),
  SumOfRatios: nullableNumber,
  SurfaceSumOfRatios: nullableNumber,
  DetectionLimitsSufficient: v.nullable(v.boolean()),
  SurfaceDetectionLimitsSufficient: v.nullable(v.boolean()),
  ClearanceReached: v.nullable(v.boolean()),
  MissingInputs: v.array(v.string()),
} satisfies Record<keyof DecisionEvaluation, v.GenericSchema>);

/**
 * ReleaseAssessmentModel: the container's assessment; missing inputs are named in MissingInputs and leave the results
 * null.
 */
export const releaseAssessmentModel = v.strictObject({
  ContainerUuid: identifier,
  ReleaseType: v.picklist(RELEASE_TYPES),
  AssessedAt: timestamp,
  Basis: v.string(),
  MeasurementDate: v.nullable(timestamp),
  SpecificActivityAtMeasurementBqPerG: nullableNumber,
  SharesAssumed: v.boolean(),
  Nuclides: v.array(nuclideAssessment),
  SumOfRatios: v.pipe(nullableNumber, v.description('The prediction from the declared contents, now.')),
  ClearanceReached: v.pipe(
    v.nullable(v.boolean()),
    v.description(
      'The one verdict: the newest decision measurement decides where there is one (DecidedBy), else the ' +
        'prediction; null while impurities are unknown or an input is missing.',
    ),
  ),
  DecidedBy: v.picklist(['DECISION_MEASUREMENT', 'PREDICTION']),
  PredictedClearanceReached: v.pipe(
    v.nullable(v.boolean()),
    v.description('What the prediction from the closing measurement and the declared contents says now.'),
  ),
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
  DecisionMeasurement: v.nullable(decisionEvaluation),
  ImpuritiesUnknown: v.pipe(
    v.array(
      v.strictObject({
        ContentUuid: v.nullable(identifier),
        ContentId: identifier,
        Nuclide: v.string(),
        ExpectedImpurities: v.array(v.string()),
      }),
    ),
    v.description(
      'Contents whose nuclide brings long-lived impurities that were not entered (Impurities null): until they are, ' +
        'nothing is assessed or predicted, and the container is not released (409 container.impurities_unknown).',
    ),
  ),
  Plausibility: v.pipe(
    v.nullable(
      v.strictObject({
        MeasuredAt: timestamp,
        PredictedSumOfRatios: number,
        MeasuredSumOfRatios: number,
        MeasuredUncertainty: nullableNumber,
        MaxFactor: number,
        Plausible: v.boolean(),
        Finding: v.nullable(v.picklist(['BELOW_PREDICTION', 'ABOVE_PREDICTION'])),
      } satisfies Record<keyof Plausibility, v.GenericSchema>),
    ),
    v.description(
      'The newest decision measurement against the prediction at its time: implausible below the prediction by ' +
        'more than MaxFactor, or above it beyond 1.645 standard uncertainties; null without either.',
    ),
  ),
} satisfies Record<keyof ReleaseAssessment | 'ContainerUuid', v.GenericSchema>);

/** NuclideModel: a figure the code cannot cite is null. */
export const nuclideModel = v.strictObject({
  Nuclide: v.string(),
  HalfLifeSeconds: number,
  ClearanceLevelBqPerG: nullableNumber,
  SurfaceClearanceLevelBqPerCm2: nullableNumber,
  Row: v.nullable(v.string()),
  Note: v.nullable(v.string()),
  ExpectedImpurities: v.array(v.string()),
  ReleaseTypes: v.array(
    v.strictObject({
      ReleaseType: v.picklist(RELEASE_TYPES),
      Columns: v.string(),
      ClearanceLevelBqPerG: nullableNumber,
      SurfaceClearanceLevelBqPerCm2: nullableNumber,
      WasteForms: v.array(v.picklist(WASTE_FORMS)),
    } satisfies Record<keyof NuclideReleaseType, v.GenericSchema>),
  ),
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

/**
 * The body of POST .../release: the release type (default UNRESTRICTED), the clearance notice it rests on, and an
 * optional note of the officer (a note only: it opens nothing).
 */
export const releaseBodySchema = v.object({
  ReleaseType: v.optional(
    v.pipe(
      oneOf(ANY_RELEASE_TYPES),
      v.description(
        "One of the facility's regime's types (409 regime.not_applicable for another regime's). Under " +
          'DE_STRLSCHV_2018: UNRESTRICTED (§ 35: Anlage 4 Tabelle 1 Spalte 3, surface Spalte 5), SPECIFIC_LANDFILL ' +
          '(§ 36 Abs. 1 Nr. 3: solids to a landfill, Spalte 8), SPECIFIC_INCINERATION (§ 36 Abs. 1 Nr. 4: solids, ' +
          'oils and organic solvents to an incinerator, Spalte 9; both up to 100 Mg a calendar year, surface Spalte ' +
          "5) or INDIVIDUAL (§ 37: the notice's Limits); default UNRESTRICTED. Under US_NRC_10CFR35: " +
          'DECAY_IN_STORAGE (10 CFR 35.92, resting on a survey at background after the labels came off), the default.',
      ),
    ),
  ),
  DisposalPlant: v.optional(
    v.nullable(
      v.pipe(
        text(1, 200),
        v.description(
          "For SPECIFIC_LANDFILL and SPECIFIC_INCINERATION (required then, only then): the plant's Name among the " +
            "notice's DisposalPlants of that route. Null or absent: none.",
        ),
      ),
    ),
  ),
  DiscrepancyCause: v.optional(
    v.nullable(
      v.pipe(
        text(10, 1000),
        v.description(
          'Why the decision measurement disagrees with the prediction from the declared contents, when it does ' +
            '(409 measurement.implausible without it): e.g. "vial residue measured in the activity meter: declared ' +
            'activity was the dispensed dose". Printed on the record; it opens nothing the values do not allow. ' +
            'Null or absent: none.',
        ),
      ),
    ),
  ),
  ClearanceNoticeUuid: v.optional(
    v.pipe(
      identifier,
      v.description(
        'Under DE_STRLSCHV_2018 (required there: 400 without): the clearance notice of the facility the release ' +
          "rests on, in force at the release, permitting the type and the container's waste form. Under " +
          'US_NRC_10CFR35 a release cites none (409 regime.not_applicable).',
      ),
    ),
  ),
  Justification: v.optional(
    v.pipe(justification, v.examples(['Bag of gloves from the hot lab, sorted on 2026-11-20.'])),
  ),
});
export const releaseMembers = {
  writable: ['ReleaseType', 'ClearanceNoticeUuid', 'DisposalPlant', 'Justification', 'DiscrepancyCause'],
  readOnly: [],
} as const;

/** The plant a release for disposal goes to, as the notice names it. */
export const plantModel = v.strictObject({
  Name: v.string(),
  Address: v.string(),
  AcceptanceDocumentUuid: identifier,
} satisfies Record<keyof RegisterPlant, v.GenericSchema>);

/** ReleaseRecordModel: what a release answers. */
export const releaseRecordModel = v.strictObject({
  ContainerUuid: identifier,
  RecordDocumentUuid: identifier,
  ReleaseType: v.picklist(ANY_RELEASE_TYPES),
  ClearanceNoticeUuid: v.pipe(
    v.nullable(identifier),
    v.description('The clearance notice the release cites; null for a disposal after decay-in-storage.'),
  ),
  ReleasedAt: timestamp,
  ReleasedBy: v.string(),
  ReleasedByName: v.nullable(v.string()),
  Justification: v.nullable(v.string()),
  DisposalPlant: v.nullable(plantModel),
  DiscrepancyCause: v.nullable(v.string()),
  Assessment: v.pipe(
    v.nullable(releaseAssessmentModel),
    v.description('The clearance assessment the release rests on; null for a disposal after decay-in-storage.'),
  ),
  Sha256: sha256Hex,
} satisfies Record<keyof ReleaseRecordModel, v.GenericSchema>);
