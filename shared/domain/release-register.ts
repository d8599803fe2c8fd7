/**
 * The release register (StrlSchV § 86 Abs. 1 Nr. 1): one line per release, as it was at the determination: the
 * nuclides and their specific activity, the averaging mass, the mass, the method of the clearance measurement and
 * the time of the determination, with the release type, the notice it rests on, the decision measurement with its
 * surface result, and for a release for disposal the plant it goes to (§ 86 Abs. 1 Nr. 2 c: the actual whereabouts).
 * Kept 30 years (§ 86 Abs. 2). Under 10 CFR 35.92 a line is a disposal after decay-in-storage: its survey (35.2092:
 * the date, the instrument, the background and surface readings, who surveyed), the activities in Bq and µCi and when
 * the container was sealed; the German members it has no use for are null.
 * Its CSV comes in two forms: RFC 4180 with English headers, and the one a German
 * spreadsheet opens (`;`, decimal commas, a byte-order mark, German headers with units, every code in words). Pure:
 * no AWS, no HTTP.
 */
import { CSV_DIALECTS, type CsvDialect, csvText } from './csv';
import {
  type DecimalMark,
  formatBound,
  formatEntered,
  formatFigure,
  MEASUREMENT_METHOD_TEXT,
  RELEASE_TYPE_TEXT,
  WASTE_FORM_TEXT,
} from './record-wording';
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

/** The German headers of the CSV, with units. */
const GERMAN_HEADERS: Readonly<Record<keyof RegisterLine, string>> = {
  ContainerUuid: 'Behälter-Kennung',
  Name: 'Behälter',
  ReleasedAt: 'Zeitpunkt der Feststellung (UTC)',
  ReleasedBy: 'Strahlenschutzbeauftragte/r (Kennung)',
  ReleasedByName: 'Strahlenschutzbeauftragte/r',
  Weight: 'Masse (kg)',
  WasteForm: 'Abfallform',
  SumOfRatios: 'Summe der Verhältniszahlen',
  Surface: 'Oberflächenkontamination (Summe der Verhältniszahlen, verwendeter Wert in Bq/cm²)',
  Nuclides: 'Nuklide (Bq/g zum Zeitpunkt der Feststellung, verwendeter Wert der Entscheidungsmessung)',
  MeasurementMethod: 'Verfahren der Freimessung',
  InstrumentSerialNumber: 'Messgerät (Seriennummer)',
  DecisionMeasurementAt: 'Entscheidungsmessung (UTC)',
  ReleaseType: 'Art der Freigabe',
  DisposalPlant: 'Beseitigungsanlage (tatsächlicher Verbleib)',
  ClearanceNoticeUuid: 'Freigabebescheid (Kennung)',
  ClearanceNoticeFileNumber: 'Freigabebescheid (Aktenzeichen)',
  Justification: 'Bemerkung',
  RecordDocumentUuid: 'Protokoll (Dokument)',
  Survey: 'Messung an der Oberfläche (Abklinglagerung)',
  Activities: 'Aktivitäten (Bq, µCi)',
  SealedAt: 'Verschlossen (UTC)',
  PreviousSha256: 'Vorige Zeile (SHA-256)',
  RecordSha256: 'Protokoll (SHA-256)',
  LineSha256: 'Zeile (SHA-256)',
};

export type { CsvDialect } from './csv';

interface Dialect {
  /** Between the entries of a list in one cell (never the cell separator). */
  list: string;
  mark: DecimalMark;
  header: (c: keyof RegisterLine) => string;
  /** A code of the API in the dialect's words. */
  words: {
    releaseType: (t: BookedReleaseType) => string;
    form: (f: WasteForm) => string;
    method: (m: MeasurementMethod) => string;
  };
  used: string;
  sum: string;
}

const DIALECTS: Readonly<Record<CsvDialect, Dialect>> = {
  // RFC 4180 with English headers: the codes of the API, figures as 9.50E-04.
  en: {
    list: CSV_DIALECTS.en.list,
    mark: '.',
    header: (c) => c,
    words: { releaseType: (t) => t, form: (f) => f, method: (m) => m },
    used: 'used',
    sum: 'sum',
  },
  // What German spreadsheets open: `;`, decimal commas, a BOM, German headers, every code in words as on the record.
  de: {
    list: CSV_DIALECTS.de.list,
    mark: ',',
    header: (c) => GERMAN_HEADERS[c],
    words: {
      releaseType: (t) => RELEASE_TYPE_TEXT[t].name,
      form: (f) => WASTE_FORM_TEXT[f],
      method: (m) => MEASUREMENT_METHOD_TEXT[m],
    },
    used: 'verwendet',
    sum: 'Summe',
  },
};

/** The survey of a disposal after decay-in-storage in one cell: what 10 CFR 35.2092 names. */
const surveyCell = (s: RegisterSurvey, d: Dialect) =>
  [
    `surveyed ${s.SurveyedAt} UTC by ${s.SurveyedByName ?? s.SurveyedBy}`,
    `instrument ${s.InstrumentName}, model ${s.InstrumentModel}, serial number ${s.InstrumentSerialNumber}`,
    `calibrated ${s.CalibratedAt}`,
    `scale ${s.Scale}`,
    `background ${formatFigure(s.Background, d.mark)} ${s.Unit}`,
    `surface ${formatFigure(s.Surface, d.mark)} ${s.Unit}`,
    `net ${formatFigure(s.NetReading, d.mark)} ≤ decision threshold ${formatFigure(s.DecisionThreshold, d.mark)}`,
  ].join(d.list);

/** A register cell's value in a dialect (null: an empty cell). */
function cellOf(row: RegisterLine, column: keyof RegisterLine, d: Dialect): unknown {
  const below = row.Nuclides.some((n) => n.BelowDecisionThreshold === true);
  switch (column) {
    case 'Weight':
      // g in English, kg in German, as weighed.
      if (row.Weight === null) return null;
      return d.mark === '.' ? formatEntered(row.Weight, d.mark) : formatEntered(row.Weight / 1000, d.mark);
    case 'WasteForm':
      return row.WasteForm && d.words.form(row.WasteForm);
    case 'SumOfRatios':
      return row.SumOfRatios === null ? null : formatBound(row.SumOfRatios, below, d.mark);
    case 'Nuclides':
      // Each nuclide at the determination, and the value the decision measurement used; `<` below the threshold.
      return row.Nuclides.map((n) => {
        const at =
          n.SpecificActivityBqPerG === null
            ? ''
            : formatBound(n.SpecificActivityBqPerG, n.BelowDecisionThreshold, d.mark);
        const used =
          n.ValueUsedBqPerG === null
            ? ''
            : ` (${d.used} ${formatBound(n.ValueUsedBqPerG, n.BelowDecisionThreshold, d.mark)})`;
        return `${n.Nuclide}=${at}${used}`;
      }).join(d.list);
    case 'Surface': {
      const surface = row.Surface;
      if (!surface) return null;
      const sum =
        surface.SumOfRatios === null ? '–' : formatBound(surface.SumOfRatios, surface.BelowDecisionThreshold, d.mark);
      const used = formatBound(surface.ValueUsedBqPerCm2, surface.BelowDecisionThreshold, d.mark);
      return `${d.sum} ${sum}${d.list}${d.used} ${used} Bq/cm²`;
    }
    case 'MeasurementMethod':
      return d.words.method(row.MeasurementMethod);
    case 'ReleaseType':
      return d.words.releaseType(row.ReleaseType);
    case 'DisposalPlant':
      return row.DisposalPlant ? `${row.DisposalPlant.Name}, ${row.DisposalPlant.Address}` : null;
    case 'Survey':
      return row.Survey ? surveyCell(row.Survey, d) : null;
    case 'Activities':
      // Each nuclide's estimated activity at the disposal, in Bq and µCi.
      return row.Activities?.map(
        (a) =>
          `${a.Nuclide}=${formatFigure(a.ActivityBq, d.mark)} Bq (${formatFigure(a.ActivityMicroCurie, d.mark)} µCi)`,
      ).join(d.list);
    default: {
      const value = row[column];
      return typeof value === 'number' ? formatFigure(value, d.mark) : value;
    }
  }
}

/**
 * The register as CSV: a header row, one line per release. Nuclides are one cell, `nuclide=Bq/g (used Bq/g)` joined by
 * the dialect's list separator (never the cell separator), `<` where nothing was detected; the mass is g in English,
 * kg in German; computed figures have three significant digits.
 */
export function registerCsv(
  columns: readonly (keyof RegisterLine)[],
  rows: readonly RegisterLine[],
  dialect: CsvDialect = 'en',
): string {
  const d = DIALECTS[dialect];
  return csvText(
    columns.map((c) => d.header(c)),
    rows.map((row) => columns.map((c) => cellOf(row, c, d))),
    dialect,
  );
}

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
