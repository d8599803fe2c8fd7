/**
 * The release register's answers as schemas: a line as it was at the determination (the German release's, a line
 * booked before issue 36, a disposal after decay-in-storage), the year's summary, the chain's verification.
 */
import * as v from 'valibot';
import type { ChainVerification } from '../domain/register-chain';
import {
  MEASUREMENT_METHODS,
  type RegisterActivity,
  type RegisterLine,
  type RegisterNuclide,
  type RegisterSurface,
  type RegisterSurvey,
  type ReleaseRegisterSummary,
} from '../domain/release-register';
import { BOOKED_RELEASE_TYPES, WASTE_FORMS } from '../domain/release-types';
import { SURVEY_UNITS } from '../domain/regimes/us-nrc-10cfr35/survey';
import { identifier, timestamp } from './fields';
import { plantModel, sha256Hex } from './release';

const number = v.number();
const nullableNumber = v.nullable(number);

/** A member of a register line booked since issue 36: a line booked before lacks it (and is hashed without it). */
const since36 = <S extends v.GenericSchema>(schema: S, description: string) =>
  v.pipe(v.optional(v.nullable(schema)), v.description(`${description} Absent on a line booked before issue 36.`));

/** Null only on a line booked before the release rested on a notice and a decision measurement. */
const bookedSince = <S extends v.GenericSchema>(schema: S) =>
  v.pipe(
    v.nullable(schema),
    v.description('Null only on a line booked before releases cited notices and measurements.'),
  );

/** ReleaseRegisterModel: a line of the register, as it was at the determination. */
export const releaseRegisterModel = v.strictObject({
  ContainerUuid: identifier,
  Name: v.string(),
  ReleasedAt: timestamp,
  ReleasedBy: v.string(),
  ReleasedByName: v.nullable(v.string()),
  Weight: v.pipe(
    nullableNumber,
    v.description('The mass released, the averaging mass, g; null for a disposal after decay-in-storage unweighed.'),
  ),
  WasteForm: bookedSince(v.picklist(WASTE_FORMS)),
  SumOfRatios: nullableNumber,
  Surface: since36(
    v.strictObject({
      SumOfRatios: nullableNumber,
      ValueUsedBqPerCm2: number,
      BelowDecisionThreshold: v.boolean(),
    } satisfies Record<keyof RegisterSurface, v.GenericSchema>),
    'The surface result (sum of ratios at the determination, the value used per cm²); null without a surface part.',
  ),
  Nuclides: v.array(
    v.strictObject({
      Nuclide: v.string(),
      SpecificActivityBqPerG: nullableNumber,
      ValueUsedBqPerG: bookedSince(number),
      BelowDecisionThreshold: bookedSince(v.boolean()),
    } satisfies Record<keyof RegisterNuclide, v.GenericSchema>),
  ),
  MeasurementMethod: v.picklist(MEASUREMENT_METHODS),
  InstrumentSerialNumber: bookedSince(v.string()),
  DecisionMeasurementAt: bookedSince(timestamp),
  ReleaseType: v.pipe(
    v.picklist(BOOKED_RELEASE_TYPES),
    v.description('SPECIFIC_DISPOSAL only on a line booked before the two disposal routes were told apart.'),
  ),
  DisposalPlant: since36(
    plantModel,
    'For a release for disposal, the plant it goes to (§ 86 Abs. 1 Nr. 2 c: the actual whereabouts); else null.',
  ),
  ClearanceNoticeUuid: bookedSince(identifier),
  ClearanceNoticeFileNumber: bookedSince(v.string()),
  Justification: v.nullable(v.string()),
  RecordDocumentUuid: identifier,
  PreviousSha256: v.pipe(
    v.nullable(sha256Hex),
    v.description("The LineSha256 of the facility's previous line; null for its first (and before the chain)."),
  ),
  RecordSha256: bookedSince(sha256Hex),
  Survey: v.pipe(
    v.optional(
      v.strictObject({
        SurveyUuid: identifier,
        SurveyedAt: timestamp,
        SurveyedBy: v.string(),
        SurveyedByName: v.nullable(v.string()),
        InstrumentUuid: identifier,
        InstrumentName: v.string(),
        InstrumentModel: v.string(),
        InstrumentSerialNumber: v.string(),
        CalibratedAt: timestamp,
        Unit: v.picklist(SURVEY_UNITS),
        Scale: v.string(),
        Background: number,
        Surface: number,
        NetReading: number,
        DecisionThreshold: number,
      } satisfies Record<keyof RegisterSurvey, v.GenericSchema>),
    ),
    v.description(
      'A disposal after decay-in-storage (10 CFR 35.2092): the survey it rests on (date, instrument with model and ' +
        'serial number, background and surface reading in Unit, the scale, who surveyed). Absent under StrlSchV.',
    ),
  ),
  Activities: v.pipe(
    v.optional(
      v.array(
        v.strictObject({
          Nuclide: v.string(),
          ActivityBq: nullableNumber,
          ActivityMicroCurie: nullableNumber,
        } satisfies Record<keyof RegisterActivity, v.GenericSchema>),
      ),
    ),
    v.description(
      "Decay-in-storage: each nuclide's estimated activity at the disposal, Bq and µCi. Absent under StrlSchV.",
    ),
  ),
  SealedAt: v.pipe(
    v.optional(v.nullable(timestamp)),
    v.description('Decay-in-storage: when the container was sealed (entered DECAY). Absent under StrlSchV.'),
  ),
  LineSha256: v.pipe(
    bookedSince(sha256Hex),
    v.description(
      "SHA-256 (hex) of the line's other members, PreviousSha256 included, serialized by RFC 8785 (JSON " +
        'Canonicalization Scheme): recomputable by anyone (docs/api.md).',
    ),
  ),
} satisfies Record<keyof RegisterLine, v.GenericSchema>);

const totals = { Releases: v.pipe(number, v.integer()), TotalWeight: number };
/**
 * ReleaseRegisterSummaryModel: the calendar year's mass (g) per type of release and, for disposal, per plant, the
 * figures of the yearly report (§ 86 Abs. 1 Nr. 2), counted where the facility is.
 */
export const releaseRegisterSummaryModel = v.strictObject({
  Client: identifier,
  Facility: identifier,
  Year: v.pipe(number, v.integer()),
  TimeZone: v.pipe(v.string(), v.description("The facility's time zone its calendar year is counted in.")),
  From: v.pipe(timestamp, v.description('The first instant of the calendar year, UTC.')),
  Until: v.pipe(timestamp, v.description('The first instant of the next calendar year, UTC (not included).')),
  ...totals,
  ReleaseTypes: v.array(v.strictObject({ ReleaseType: v.picklist(BOOKED_RELEASE_TYPES), ...totals })),
  DisposalPlants: v.pipe(
    v.array(
      v.strictObject({
        ReleaseType: v.picklist(BOOKED_RELEASE_TYPES),
        Name: v.string(),
        Address: v.string(),
        ...totals,
      }),
    ),
    v.description('The releases for disposal per route and plant: their actual whereabouts (§ 86 Abs. 1 Nr. 2 c).'),
  ),
} satisfies Record<keyof ReleaseRegisterSummary, v.GenericSchema>);

const where = { ContainerUuid: identifier, ReleasedAt: timestamp };
/** ReleaseRegisterVerificationModel: the year's chain, each line against its locked object and its PDF. */
export const registerVerificationModel = v.strictObject({
  Valid: v.pipe(v.boolean(), v.description('Every line holds, in one unbroken chain, and nothing is missing.')),
  Lines: v.pipe(number, v.integer()),
  Objects: v.pipe(number, v.integer()),
  FirstBroken: v.nullable(v.strictObject({ ...where, Reason: v.string() })),
  Missing: v.array(v.strictObject({ ...where, Missing: v.picklist(['object', 'line', 'record']) })),
} satisfies Record<keyof ChainVerification, v.GenericSchema>);
