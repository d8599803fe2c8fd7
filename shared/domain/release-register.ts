/**
 * The release register (StrlSchV § 86 Abs. 1 Nr. 1): one line per release, as it was at the determination: the
 * nuclides and their specific activity, the averaging mass, the mass, the method of the clearance measurement and
 * the time of the determination, with the release type, the notice it rests on, the decision measurement with its
 * surface result, and for a release for disposal the plant it goes to (§ 86 Abs. 1 Nr. 2 c: the actual whereabouts).
 * Kept 30 years (§ 86 Abs. 2). Under 10 CFR 35.92 a line is a disposal after decay-in-storage: its survey (35.2092:
 * the date, the instrument, the background and surface readings, who surveyed), the activities in Bq and µCi and when
 * the container was sealed; the German members it has no use for are null. Its CSV: shared/domain/register-csv.ts.
 * Pure: no AWS, no HTTP.
 */
import type { BookedReleaseType, WasteForm } from './release-types';

/**
 * How the clearance was measured (Verfahren der Freimessung): a decision measurement of the container's gross
 * activity per mass, with a surface measurement where one was made.
 */
export const MEASUREMENT_METHODS = [
  'GROSS_ACTIVITY_PER_MASS',
  'GROSS_ACTIVITY_PER_MASS_AND_SURFACE',
  'SURVEY_AT_SURFACE',
] as const;
export type MeasurementMethod = (typeof MEASUREMENT_METHODS)[number];

/** A nuclide of a register line: its value at the determination and what the decision measurement showed of it. */
export interface RegisterNuclide {
  Nuclide: string;
  /** Decayed to the determination, Bq/g. */
  SpecificActivityBqPerG: number | null;
  /** Its part of the value the decision measurement used, at the measurement, Bq/g. */
  ValueUsedBqPerG: number | null;
  /** Nothing was detected: the value used is its share of the detection limit. */
  BelowDecisionThreshold: boolean | null;
}

/** The surface part of the decision measurement, as the register keeps it. */
export interface RegisterSurface {
  /** Σ value used / Spalte 5 (or the notice's value), at the determination. */
  SumOfRatios: number | null;
  /** The value the surface measurement used, Bq/cm², at the measurement (a# where nothing was detected). */
  ValueUsedBqPerCm2: number;
  BelowDecisionThreshold: boolean;
}

/** The plant a release for disposal goes to, as the notice names it (its route is the line's ReleaseType). */
export interface RegisterPlant {
  Name: string;
  Address: string;
  AcceptanceDocumentUuid: string;
}

/** The survey a disposal after decay-in-storage rests on (10 CFR 35.2092), as the register keeps it. */
export interface RegisterSurvey {
  SurveyUuid: string;
  SurveyedAt: string;
  SurveyedBy: string;
  SurveyedByName: string | null;
  InstrumentUuid: string;
  InstrumentName: string;
  InstrumentModel: string;
  InstrumentSerialNumber: string;
  CalibratedAt: string;
  Unit: string;
  Scale: string;
  Background: number;
  Surface: number;
  NetReading: number;
  DecisionThreshold: number;
}

/** A nuclide's estimated activity in a container at its disposal, in Bq and µCi. */
export interface RegisterActivity {
  Nuclide: string;
  ActivityBq: number | null;
  ActivityMicroCurie: number | null;
}

/** A line of the release register, as it was at the determination. */
export interface ReleaseRegisterRow {
  ContainerUuid: string;
  Name: string;
  ReleasedAt: string;
  ReleasedBy: string;
  ReleasedByName: string | null;
  /** The averaging mass, g (null under a regime that weighs nothing). */
  Weight: number | null;
  WasteForm: WasteForm | null;
  SumOfRatios: number | null;
  /** The surface result; null without a surface part. Absent on a line booked before issue 36. */
  Surface?: RegisterSurface | null;
  Nuclides: RegisterNuclide[];
  MeasurementMethod: MeasurementMethod;
  InstrumentSerialNumber: string;
  DecisionMeasurementAt: string;
  /** SPECIFIC_DISPOSAL only on a line booked before the two disposal routes were told apart. */
  ReleaseType: BookedReleaseType;
  /** For a release for disposal, its plant; else null. Absent on a line booked before issue 36. */
  DisposalPlant?: RegisterPlant | null;
  ClearanceNoticeUuid: string | null;
  ClearanceNoticeFileNumber: string | null;
  Justification: string | null;
  RecordDocumentUuid: string;
  /** Decay-in-storage only (absent under StrlSchV): the survey, the activities at disposal, when it was sealed. */
  Survey?: RegisterSurvey;
  Activities?: RegisterActivity[];
  SealedAt?: string | null;
}

/** The members of a line the release decides (the chain adds its links: shared/domain/register-chain.ts). */
export const ROW_FIELDS = [
  'ContainerUuid',
  'Name',
  'ReleasedAt',
  'ReleasedBy',
  'ReleasedByName',
  'Weight',
  'WasteForm',
  'SumOfRatios',
  'Surface',
  'Nuclides',
  'MeasurementMethod',
  'InstrumentSerialNumber',
  'DecisionMeasurementAt',
  'ReleaseType',
  'DisposalPlant',
  'ClearanceNoticeUuid',
  'ClearanceNoticeFileNumber',
  'Justification',
  'RecordDocumentUuid',
] as const satisfies readonly (keyof ReleaseRegisterRow)[];

/** The members only a disposal after decay-in-storage has (10 CFR 35.2092); a German line has none of them. */
export const SURVEY_MEMBERS = [
  'Survey',
  'Activities',
  'SealedAt',
] as const satisfies readonly (keyof ReleaseRegisterRow)[];

/**
 * Members a line booked before issue 36 does not have: such a line is kept and hashed as booked (its LineSha256 is
 * over the members it has), so it is read and answered without them, never with a null in their place.
 */
export const LATER_MEMBERS = ['Surface', 'DisposalPlant'] as const satisfies readonly (keyof ReleaseRegisterRow)[];

/** A line as the register keeps and answers it: the row, its links in the chain, its hash. */
export interface RegisterLine extends ReleaseRegisterRow {
  /** The LineSha256 of the facility's previous line; null for its first. */
  PreviousSha256: string | null;
  /** The SHA-256 of the line's record PDF. */
  RecordSha256: string;
  /** SHA-256 of the line's other members as RFC 8785 canonical JSON. */
  LineSha256: string;
}

const CHAIN_FIELDS = [
  'PreviousSha256',
  'RecordSha256',
  'LineSha256',
] as const satisfies readonly (keyof RegisterLine)[];

/** The fields of a German register line, in the order the register lists them. */
export const REGISTER_FIELDS = [...ROW_FIELDS, ...CHAIN_FIELDS] as const satisfies readonly (keyof RegisterLine)[];
/** The register's columns under StrlSchV (§ 86 Abs. 1). */
export const GERMAN_REGISTER_MEMBERS: readonly (keyof RegisterLine)[] = REGISTER_FIELDS;
/** Every member of a line of decay-in-storage, as hashed: the German ones (null where unused) and the survey's. */
export const SURVEY_LINE_FIELDS = [...ROW_FIELDS, ...SURVEY_MEMBERS, ...CHAIN_FIELDS] as const;
/** The register's columns under 10 CFR 35.92: what 35.2092 names, the nuclides and the sealing, and the chain. */
export const US_REGISTER_MEMBERS: readonly (keyof RegisterLine)[] = [
  'ContainerUuid',
  'Name',
  'SealedAt',
  'Activities',
  'ReleasedAt',
  'Survey',
  'ReleasedBy',
  'ReleasedByName',
  'ReleaseType',
  'Justification',
  'RecordDocumentUuid',
  ...CHAIN_FIELDS,
];

/** Releases and their mass (g). */
export interface ReleaseTotals {
  Releases: number;
  TotalWeight: number;
}

/**
 * The year's figures of the yearly report (§ 86 Abs. 1 Nr. 2): the mass per type of release and, for the releases for
 * disposal, per plant (their actual whereabouts, Nr. 2 c), over the facility's calendar year (`From` to `Until`, UTC).
 */
export interface ReleaseRegisterSummary extends ReleaseTotals {
  Client: string;
  Facility: string;
  Year: number;
  TimeZone: string;
  From: string;
  Until: string;
  ReleaseTypes: ({ ReleaseType: BookedReleaseType } & ReleaseTotals)[];
  DisposalPlants: ({ ReleaseType: BookedReleaseType; Name: string; Address: string } & ReleaseTotals)[];
}
