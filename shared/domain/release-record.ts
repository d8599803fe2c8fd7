/**
 * The release of a container: who may release it when (the gate of StrlSchV § 35 at the moment of the
 * determination under § 42 Abs. 1), what the release sets, what its record says, and the line the
 * register books (§ 86 Abs. 1: nuclides and specific activity, averaging mass, mass, the method of the
 * clearance measurement, the time of the determination; kept 30 years, § 86 Abs. 2). Pure: the PDF
 * renderer only lays out a ReleaseRecordContent, so what a record says is tested without a PDF.
 */
import { checkCleared, isReleased, type ContainerRecord, type ContentModel } from './container';
import { conflict } from '../errors';
import type { ReleaseAssessment } from './release';
import { formatTimestamp } from './time';

/** The types of release of § 86 Abs. 1 Nr. 2 b; the service determines the unrestricted one (§ 35). */
export const RELEASE_TYPES = ['UNRESTRICTED'] as const;
export type ReleaseType = (typeof RELEASE_TYPES)[number];

/**
 * How the service determines clearance ("Verfahren der Freimessung"): the gross activity of the
 * container measured and multiplied by the method's factor, over its mass; split into nuclides by the
 * contents' activities, each decayed to the measurement; with a surface contamination measurement where
 * one was made.
 */
export const MEASUREMENT_METHODS = ['GROSS_ACTIVITY_PER_MASS', 'GROSS_ACTIVITY_PER_MASS_AND_SURFACE'] as const;
export type MeasurementMethod = (typeof MEASUREMENT_METHODS)[number];

/** § 86 Abs. 2: the book is kept 30 years from the determination. */
export const RECORD_RETENTION_YEARS = 30;
/** A Justification: an RPO's reason on record, 10 to 1,000 characters. */
export const JUSTIFICATION_LENGTH = { min: 10, max: 1000 } as const;

/** Anlage 8 Teil A Nr. 1 c: the averaging mass should not substantially exceed 300 kg. */
const AVERAGING_MASS_LIMIT_G = 300_000;

/** The release type's wording and legal basis as a record states them. */
const RELEASE_TYPE_TEXT: Readonly<Record<ReleaseType, { name: string; basis: string }>> = {
  UNRESTRICTED: {
    name: 'uneingeschränkte Freigabe',
    basis:
      'StrlSchV § 35 (Freigabewerte nach Anlage 4 Tabelle 1 Spalte 3, Oberflächenkontamination nach Spalte 5), ' +
      'Feststellung nach § 42 Abs. 1, Buchführung nach § 86',
  },
};

const METHOD_TEXT: Readonly<Record<MeasurementMethod, string>> = {
  GROSS_ACTIVITY_PER_MASS:
    'Messung der Gesamtaktivität des Gebindes (MeasurementActivity × MeasurementFactor), bezogen auf seine Masse; ' +
    'Aufteilung auf die Nuklide nach den Aktivitäten der Inhalte, je Nuklid zerfallskorrigiert; Summenformel',
  GROSS_ACTIVITY_PER_MASS_AND_SURFACE:
    'Messung der Gesamtaktivität des Gebindes (MeasurementActivity × MeasurementFactor), bezogen auf seine Masse, ' +
    'und Messung der Oberflächenkontamination; Aufteilung auf die Nuklide nach den Aktivitäten der Inhalte, je ' +
    'Nuklid zerfallskorrigiert; Summenformel',
};

const methodOf = (container: Pick<ContainerRecord, 'MeasurementContamination'>): MeasurementMethod =>
  container.MeasurementContamination === null ? 'GROSS_ACTIVITY_PER_MASS' : 'GROSS_ACTIVITY_PER_MASS_AND_SURFACE';

/**
 * The gate of the release act. Without a Justification: from RELEASE_DATE_REACHED when the assessment
 * at this moment clears the container. With one (an RPO decision on record): also from DECAY, and also
 * when the assessment does not clear the container or cannot be made. Once only.
 */
export function checkRelease(
  container: ContainerRecord,
  state: ContainerRecord['State'],
  assessment: ReleaseAssessment,
  justification: string | null,
): void {
  if (isReleased(container))
    throw conflict('container.already_released', { at: container.ReleasedByRadiationProtectionOfficerDateTime ?? '' });
  const allowed = justification === null ? ['RELEASE_DATE_REACHED'] : ['DECAY', 'RELEASE_DATE_REACHED'];
  if (!allowed.includes(state)) throw conflict('container.release_state', { state });
  if (justification === null) checkCleared(assessment);
}

/** The container after its release: the officer, the server's time, and DECAY moved on to RELEASE_DATE_REACHED. */
export function releasedContainer(container: ContainerRecord, officer: string, now: Date): ContainerRecord {
  return {
    ...container,
    State: container.State === 'DECAY' ? 'RELEASE_DATE_REACHED' : container.State,
    IsReleasedByRadiationProtectionOfficer: true,
    ReleasedByRadiationProtectionOfficer: officer,
    ReleasedByRadiationProtectionOfficerDateTime: formatTimestamp(now),
  };
}

/** The answer of a release (ReleaseRecordModel). */
export interface ReleaseRecordModel {
  ContainerUuid: string;
  RecordDocumentUuid: string;
  ReleasedAt: string;
  ReleasedBy: string;
  ReleasedByName: string | null;
  Justification: string | null;
  Assessment: ReleaseAssessment & { ContainerUuid: string };
  Sha256: string;
}

/** A line of the release register (§ 86 Abs. 1 Nr. 1), as it was at the determination. */
export interface ReleaseRegisterRow {
  ContainerUuid: string;
  Name: string;
  ReleasedAt: string;
  ReleasedBy: string;
  ReleasedByName: string | null;
  /** The averaging mass, g. */
  Weight: number | null;
  SumOfRatios: number | null;
  Nuclides: { Nuclide: string; SpecificActivityBqPerG: number | null }[];
  MeasurementMethod: MeasurementMethod;
  ReleaseType: ReleaseType;
  Justification: string | null;
  RecordDocumentUuid: string;
}

/** The fields of a register line, in the order the register lists them. */
export const REGISTER_FIELDS = [
  'ContainerUuid',
  'Name',
  'ReleasedAt',
  'ReleasedBy',
  'ReleasedByName',
  'Weight',
  'SumOfRatios',
  'Nuclides',
  'MeasurementMethod',
  'ReleaseType',
  'Justification',
  'RecordDocumentUuid',
] as const satisfies readonly (keyof ReleaseRegisterRow)[];

/** Everything a release is made of, as the release act gathered it. */
export interface ReleaseFacts {
  /** The container as released (its release fields set). */
  container: ContainerRecord;
  contents: readonly ContentModel[];
  assessment: ReleaseAssessment;
  justification: string | null;
  recordDocumentUuid: string;
  officerName: string | null;
  measuredByName: string | null;
  contaminationByName: string | null;
}

export const registerRowOf = (facts: ReleaseFacts): ReleaseRegisterRow => ({
  ContainerUuid: facts.container.Uuid,
  Name: facts.container.Name,
  ReleasedAt: facts.container.ReleasedByRadiationProtectionOfficerDateTime!,
  ReleasedBy: facts.container.ReleasedByRadiationProtectionOfficer!,
  ReleasedByName: facts.officerName,
  Weight: facts.container.Weight,
  SumOfRatios: facts.assessment.SumOfRatios,
  Nuclides: facts.assessment.Nuclides.map((n) => ({
    Nuclide: n.Nuclide,
    SpecificActivityBqPerG: n.SpecificActivityBqPerG,
  })),
  MeasurementMethod: methodOf(facts.container),
  ReleaseType: 'UNRESTRICTED',
  Justification: facts.justification,
  RecordDocumentUuid: facts.recordDocumentUuid,
});

/** A section of a record: label-value lines, a table, or paragraphs of text. */
export type RecordSection =
  | { heading: string; lines: [label: string, value: string][] }
  | { heading: string; table: { columns: string[]; rows: string[][] } }
  | { heading: string; paragraphs: string[] };

/** What a release record says, in the order it says it (German: it is kept for the German authority). */
export interface ReleaseRecordContent {
  title: string;
  subtitle: string;
  sections: RecordSection[];
  footer: string;
}

/** A number as the record prints it: four significant digits, German decimal comma, exponent when far from 1. */
export function formatNumber(value: number | null): string {
  if (value === null) return '–';
  if (value === 0) return '0';
  const magnitude = Math.abs(value);
  if (magnitude >= 1e6 || magnitude < 1e-3) return value.toExponential(3).replace('.', ',');
  return value.toLocaleString('de-DE', { maximumSignificantDigits: 4 });
}

const utc = (timestamp: string | null) => (timestamp === null ? '–' : `${timestamp} UTC`);
const person = (id: string | null, name: string | null) => (id === null ? '–' : name ? `${name} (${id})` : id);

/** What a release record says: the facility, the container and its contents, the determination, the release. */
export function releaseRecordContent(facts: ReleaseFacts): ReleaseRecordContent {
  const { container: c, assessment: a } = facts;
  const row = registerRowOf(facts);
  const type = RELEASE_TYPE_TEXT[row.ReleaseType];
  const massKg = c.Weight === null ? null : c.Weight / 1000;
  const massNote =
    c.Weight !== null && c.Weight > AVERAGING_MASS_LIMIT_G
      ? ' (über 300 kg: nach Anlage 8 Teil A Nr. 1 c soll die Mittelungsmasse 300 kg nicht wesentlich ' +
        'überschreiten)'
      : '';
  const cleared =
    a.ClearanceReached === true
      ? 'eingehalten'
      : a.ClearanceReached === false
        ? 'nicht eingehalten'
        : 'nicht bewertbar';
  const sections: RecordSection[] = [
    {
      heading: 'Einrichtung',
      lines: [
        ['Mandant', c.Client],
        ['Einrichtung', c.Facility],
      ],
    },
    {
      heading: 'Behälter',
      lines: [
        ['Name', c.Name],
        ['Kennung', c.Uuid],
        ['Masse (Mittelungsmasse)', `${formatNumber(massKg)} kg${massNote}`],
      ],
    },
    {
      heading: 'Inhalte',
      table: {
        columns: ['Art', 'Kennung', 'Nuklid', 'Aktivität (Bq)', 'Bezugszeitpunkt'],
        rows: facts.contents.map((content) => [
          content.Kind === 'CYCLOTRON_PRODUCT' ? 'Zyklotronprodukt' : 'Generatoreluat',
          content.ContentId,
          content.Nuclide,
          formatNumber(content.Activity),
          utc(content.ActivityDateTime),
        ]),
      },
    },
    {
      heading: 'Freimessung',
      lines: [
        ['Verfahren der Freimessung', METHOD_TEXT[row.MeasurementMethod]],
        ['Gemessen von', person(c.MeasuredBy, facts.measuredByName)],
        ['Messzeitpunkt', utc(c.MeasurementDate)],
        ['Gemessene Aktivität', `${formatNumber(c.MeasurementActivity)} Bq`],
        ['Messfaktor', c.MeasurementFactor === null ? '1 (keiner angegeben)' : formatNumber(c.MeasurementFactor)],
        ['Spezifische Aktivität bei der Messung', `${formatNumber(a.SpecificActivityAtMeasurementBqPerG)} Bq/g`],
        ...(c.MeasurementContamination === null
          ? []
          : ([
              ['Oberflächenkontamination', `${formatNumber(c.MeasurementContamination)} Bq/cm²`],
              ['Oberfläche gemessen von', person(c.MeasurementContaminationBy, facts.contaminationByName)],
              ['Oberfläche gemessen am', utc(c.MeasurementContaminationDateTime)],
            ] as [string, string][])),
        ...(a.SharesAssumed
          ? ([
              [
                'Nuklidanteile',
                'angenommen: jedem Nuklid die gesamte Aktivität (die Inhalte tragen keine Aktivitäten)',
              ],
            ] as [string, string][])
          : []),
      ],
    },
    {
      heading: `Bewertung zum Zeitpunkt der Feststellung (${utc(a.AssessedAt)})`,
      table: {
        columns: ['Nuklid', 'Spezifische Aktivität (Bq/g)', 'Freigabewert Sp. 3 (Bq/g)', 'Verhältnis'],
        rows: a.Nuclides.map((n) => [
          n.Nuclide,
          formatNumber(n.SpecificActivityBqPerG),
          formatNumber(n.ClearanceLevelBqPerG),
          formatNumber(n.Ratio),
        ]),
      },
    },
    {
      heading: 'Ergebnis',
      lines: [
        [
          'Summe der Verhältniszahlen (Spalte 3)',
          a.SumOfRatios === null ? 'nicht bewertbar' : formatNumber(a.SumOfRatios),
        ],
        ...(a.SurfaceCheck === null
          ? []
          : ([
              [
                'Summe der Verhältniszahlen (Spalte 5)',
                a.SurfaceCheck.SumOfRatios === null ? 'nicht bewertbar' : formatNumber(a.SurfaceCheck.SumOfRatios),
              ],
            ] as [string, string][])),
        ['Freigabewerte', cleared],
        ...(a.MissingInputs.length ? ([['Fehlende Angaben', a.MissingInputs.join(', ')]] as [string, string][]) : []),
      ],
    },
    {
      heading: 'Freigabe',
      lines: [
        ['Art der Freigabe', type.name],
        ['Rechtsgrundlage', type.basis],
        ['Freigegeben von (Strahlenschutzbeauftragte/r)', person(row.ReleasedBy, row.ReleasedByName)],
        ['Zeitpunkt der Feststellung', utc(row.ReleasedAt)],
        ['Begründung', facts.justification ?? '– (die Freigabewerte sind eingehalten)'],
        ['Protokoll (Dokument)', facts.recordDocumentUuid],
      ],
    },
  ];
  return {
    title: 'Freigabeprotokoll',
    subtitle: `Feststellung nach § 42 Abs. 1 StrlSchV, Buchführung nach § 86 StrlSchV – ${c.Name}`,
    sections,
    footer:
      `Alle Zeitangaben in UTC. Aufzubewahren ${RECORD_RETENTION_YEARS} Jahre ab der Feststellung ` +
      '(§ 86 Abs. 2 StrlSchV).',
  };
}

/** When a record made `now` may be destroyed: RECORD_RETENTION_YEARS later. */
export function keptUntil(now: Date): Date {
  const until = new Date(now.getTime());
  until.setUTCFullYear(until.getUTCFullYear() + RECORD_RETENTION_YEARS);
  return until;
}

/** A CSV cell (RFC 4180): quoted when it must be; text that a spreadsheet would run as a formula starts with `'`. */
function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The register as CSV: a header row of the register's columns, one line per release. Nuclides are one
 * cell, `nuclide=specific activity in Bq/g` joined by `;`.
 */
export function registerCsv(columns: readonly (keyof ReleaseRegisterRow)[], rows: readonly ReleaseRegisterRow[]) {
  const cell = (row: ReleaseRegisterRow, column: keyof ReleaseRegisterRow) =>
    column === 'Nuclides'
      ? csvCell(row.Nuclides.map((n) => `${n.Nuclide}=${n.SpecificActivityBqPerG ?? ''}`).join(';'))
      : csvCell(row[column]);
  return [columns.join(','), ...rows.map((row) => columns.map((column) => cell(row, column)).join(','))]
    .map((line) => `${line}\r\n`)
    .join('');
}
