/**
 * The release register (StrlSchV § 86 Abs. 1 Nr. 1): one line per release, as it was at the determination: the
 * nuclides and their specific activity, the averaging mass, the mass, the method of the clearance measurement and
 * the time of the determination, with the release type, the notice it rests on and the decision measurement. Kept
 * 30 years (§ 86 Abs. 2). Its CSV comes in two forms: RFC 4180 with English headers, and the one a German
 * spreadsheet opens (`;`, decimal commas, a byte-order mark, German headers with units). Pure: no AWS, no HTTP.
 */
import { type CsvDialect, csvCell } from './csv';
import { formatNumber } from './record-wording';
import type { ReleaseType, WasteForm } from './release-types';

/**
 * How the clearance was measured (Verfahren der Freimessung): a decision measurement of the container's gross
 * activity per mass, with a surface measurement where one was made.
 */
export const MEASUREMENT_METHODS = ['GROSS_ACTIVITY_PER_MASS', 'GROSS_ACTIVITY_PER_MASS_AND_SURFACE'] as const;
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

/** A line of the release register, as it was at the determination. */
export interface ReleaseRegisterRow {
  ContainerUuid: string;
  Name: string;
  ReleasedAt: string;
  ReleasedBy: string;
  ReleasedByName: string | null;
  /** The averaging mass, g. */
  Weight: number;
  WasteForm: WasteForm;
  SumOfRatios: number | null;
  Nuclides: RegisterNuclide[];
  MeasurementMethod: MeasurementMethod;
  InstrumentSerialNumber: string;
  DecisionMeasurementAt: string;
  ReleaseType: ReleaseType;
  ClearanceNoticeUuid: string;
  ClearanceNoticeFileNumber: string;
  Justification: string | null;
  RecordDocumentUuid: string;
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
  'Nuclides',
  'MeasurementMethod',
  'InstrumentSerialNumber',
  'DecisionMeasurementAt',
  'ReleaseType',
  'ClearanceNoticeUuid',
  'ClearanceNoticeFileNumber',
  'Justification',
  'RecordDocumentUuid',
] as const satisfies readonly (keyof ReleaseRegisterRow)[];

/** A line as the register keeps and answers it: the row, its links in the chain, its hash. */
export interface RegisterLine extends ReleaseRegisterRow {
  /** The LineSha256 of the facility's previous line; null for its first. */
  PreviousSha256: string | null;
  /** The SHA-256 of the line's record PDF. */
  RecordSha256: string;
  /** SHA-256 of the line's other members as RFC 8785 canonical JSON. */
  LineSha256: string;
}

/** The fields of a register line, in the order the register lists them. */
export const REGISTER_FIELDS = [
  ...ROW_FIELDS,
  'PreviousSha256',
  'RecordSha256',
  'LineSha256',
] as const satisfies readonly (keyof RegisterLine)[];

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
  Nuclides: 'Nuklide (Bq/g zum Zeitpunkt der Feststellung)',
  MeasurementMethod: 'Verfahren der Freimessung',
  InstrumentSerialNumber: 'Messgerät (Seriennummer)',
  DecisionMeasurementAt: 'Entscheidungsmessung (UTC)',
  ReleaseType: 'Art der Freigabe',
  ClearanceNoticeUuid: 'Freigabebescheid (Kennung)',
  ClearanceNoticeFileNumber: 'Freigabebescheid (Aktenzeichen)',
  Justification: 'Bemerkung',
  RecordDocumentUuid: 'Protokoll (Dokument)',
  PreviousSha256: 'Vorige Zeile (SHA-256)',
  RecordSha256: 'Protokoll (SHA-256)',
  LineSha256: 'Zeile (SHA-256)',
};

export type { CsvDialect } from './csv';

const DIALECTS = {
  // RFC 4180 with English headers: numbers as JSON writes them.
  en: { separator: ',', list: ';', bom: '', header: (c: keyof RegisterLine) => c, number: String },
  // What German spreadsheets open: `;`, decimal commas (rounded as on the record), a BOM, German headers.
  de: {
    separator: ';',
    list: ' | ',
    bom: '\uFEFF',
    header: (c: keyof RegisterLine) => GERMAN_HEADERS[c],
    number: (n: number) => formatNumber(n),
  },
} as const;

/**
 * The register as CSV: a header row, one line per release. Nuclides are one cell, `nuclide=Bq/g` joined by the
 * dialect's list separator (never the cell separator); the mass is g in English, kg in German.
 */
export function registerCsv(
  columns: readonly (keyof RegisterLine)[],
  rows: readonly RegisterLine[],
  dialect: CsvDialect = 'en',
): string {
  const d = DIALECTS[dialect];
  const value = (row: RegisterLine, column: keyof RegisterLine): unknown => {
    const v = row[column];
    if (column === 'Nuclides')
      return row.Nuclides.map(
        (n) => `${n.Nuclide}=${n.SpecificActivityBqPerG === null ? '' : d.number(n.SpecificActivityBqPerG)}`,
      ).join(d.list);
    if (column === 'Weight' && dialect === 'de') return formatNumber(row.Weight / 1000);
    return typeof v === 'number' ? d.number(v) : v;
  };
  const lines = [
    columns.map((c) => csvCell(d.header(c), d.separator)).join(d.separator),
    ...rows.map((row) => columns.map((c) => csvCell(value(row, c), d.separator)).join(d.separator)),
  ];
  return d.bom + lines.map((line) => `${line}\r\n`).join('');
}

/** The year's figures of the yearly report (§ 86 Abs. 1 Nr. 2): the mass per type of release. */
export interface ReleaseRegisterSummary {
  Client: string;
  Facility: string;
  Year: number;
  Releases: number;
  /** g */
  TotalWeight: number;
  ReleaseTypes: { ReleaseType: ReleaseType; Releases: number; TotalWeight: number }[];
}
