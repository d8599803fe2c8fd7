/**
 * The material book's reports as documents: CSV (English, or German words and decimal commas for a German
 * spreadsheet) and the PDF/A record's layout (German: the reports go to the German authority). What they report:
 * ./material-report.ts. Pure: no AWS, no HTTP.
 */
import { csvText, type CsvDialect } from './csv';
import type { BookLine } from './material-book';
import type { MonthReport, MonthReportRow, ReportLicence, YearEndReport } from './material-report';
import type { RecordSection, ReleaseRecordContent } from './record-content';
import { formatNumber } from './record-wording';

const ENTRY_DE: Readonly<Record<BookLine['Entry'], string>> = {
  RECEIPT: 'Erwerb',
  ELUTION: 'Gewinnung (Elution)',
  ADMINISTERED: 'Anwendung am Menschen',
  TO_CONTAINER: 'in Abfallbehälter',
  RETURNED: 'Abgabe',
  LOST: 'Abhandenkommen',
  RELEASED: 'Freigabe',
  DISPATCHED: 'Abgabe an Entsorger',
  CORRECTION: 'Berichtigung',
};
const CATEGORY_DE: Readonly<Record<MonthReportRow['Category'], string>> = {
  ACQUISITION: 'Erwerb',
  PRODUCTION: 'Gewinnung, Erzeugung',
  TRANSFER: 'Abgabe',
  WHEREABOUTS: 'sonstiger Verbleib',
};
const KIND_DE: Readonly<Record<string, string>> = {
  CYCLOTRON_PRODUCT: 'Zyklotronprodukt',
  RADIOPHARMACEUTICAL: 'Radiopharmakon',
  GENERATOR: 'Generator',
  ELUATE: 'Eluat',
  CALIBRATION_SOURCE: 'Kalibrierquelle',
};

const MONTH_COLUMNS = [
  'Date',
  'Category',
  'Entry',
  'Nuclide',
  'ItemKind',
  'ActivityBq',
  'Counterpart',
  'ItemUuid',
  'ContainerUuid',
  'LicenceExceeded',
  'BookedAt',
  'BookedByName',
  'LineUuid',
] as const satisfies readonly (keyof MonthReportRow)[];

const MONTH_HEADERS_DE: Readonly<Record<(typeof MONTH_COLUMNS)[number], string>> = {
  Date: 'Datum (Ortszeit)',
  Category: 'Art nach § 85 Abs. 1 Nr. 1',
  Entry: 'Vorgang',
  Nuclide: 'Radionuklid',
  ItemKind: 'Stoff',
  ActivityBq: 'Aktivität (Bq)',
  Counterpart: 'Herkunft oder Verbleib',
  ItemUuid: 'Posten (Kennung)',
  ContainerUuid: 'Abfallbehälter (Kennung)',
  LicenceExceeded: 'über der Genehmigung',
  BookedAt: 'Gebucht (UTC)',
  BookedByName: 'Gebucht von',
  LineUuid: 'Buchzeile (Kennung)',
};

/** A row's cells in a dialect: German words for the codes, numbers as the record prints them. */
function monthCells(row: MonthReportRow, dialect: CsvDialect): Record<(typeof MONTH_COLUMNS)[number], unknown> {
  const de = dialect === 'de';
  return {
    Date: row.Date,
    Category: de ? CATEGORY_DE[row.Category] : row.Category,
    Entry: de ? ENTRY_DE[row.Entry] : row.Entry,
    Nuclide: row.Nuclide,
    ItemKind: row.ItemKind && de ? KIND_DE[row.ItemKind] : row.ItemKind,
    ActivityBq: de ? formatNumber(row.ActivityBq) : row.ActivityBq,
    Counterpart: row.Counterpart,
    ItemUuid: row.ItemUuid,
    ContainerUuid: row.ContainerUuid,
    LicenceExceeded: de ? (row.LicenceExceeded ? 'ja' : 'nein') : row.LicenceExceeded,
    BookedAt: row.BookedAt,
    BookedByName: row.BookedByName ?? row.BookedBy,
    LineUuid: row.LineUuid,
  };
}

/** The month's report as CSV: a header row, one line per row. */
export const monthCsv = (report: MonthReport, dialect: CsvDialect): string =>
  csvText(
    MONTH_COLUMNS.map((c) => (dialect === 'de' ? MONTH_HEADERS_DE[c] : c)),
    report.Rows.map((row) => {
      const cells = monthCells(row, dialect);
      return MONTH_COLUMNS.map((c) => cells[c]);
    }),
    dialect,
  );

const YEAR_COLUMNS = ['Nuclide', 'Row', 'InStoreBq', 'InContainersBq', 'TotalBq', 'MaxActivityBq'] as const;
const YEAR_HEADERS_DE: Readonly<Record<(typeof YEAR_COLUMNS)[number], string>> = {
  Nuclide: 'Radionuklid',
  Row: 'Zeile Anlage 4',
  InStoreBq: 'im Lager (Bq)',
  InContainersBq: 'in Abfallbehältern (Bq)',
  TotalBq: 'Bestand (Bq)',
  MaxActivityBq: 'Genehmigt (Bq)',
};

/** The year-end report as CSV. */
export const yearEndCsv = (report: YearEndReport, dialect: CsvDialect): string =>
  csvText(
    YEAR_COLUMNS.map((c) => (dialect === 'de' ? YEAR_HEADERS_DE[c] : c)),
    report.Nuclides.map((n) =>
      YEAR_COLUMNS.map((c) => (typeof n[c] === 'number' && dialect === 'de' ? formatNumber(n[c] as number) : n[c])),
    ),
    dialect,
  );

const licenceLines = (licence: ReportLicence, facility: string): [string, string][] => [
  ['Genehmigungsinhaber', licence?.Holder ?? '–'],
  ['Genehmigung (Aktenzeichen)', licence?.FileNumber ?? '–'],
  ['Behörde', licence?.Authority ?? '–'],
  ['Einrichtung (Kennung)', facility],
];

/** The month's report as the PDF record lays it out (German: it goes to the German authority). */
export function monthRecord(report: MonthReport): ReleaseRecordContent {
  const table: RecordSection = {
    heading: 'Vorgänge',
    table: {
      columns: ['Datum', 'Art', 'Vorgang', 'Nuklid', 'Aktivität (Bq)', 'Herkunft oder Verbleib', 'Gebucht von'],
      rows: report.Rows.map((r) => [
        r.Date,
        CATEGORY_DE[r.Category],
        ENTRY_DE[r.Entry] + (r.LicenceExceeded ? ' (über der Genehmigung)' : ''),
        r.Nuclide,
        formatNumber(r.ActivityBq),
        r.Counterpart,
        r.BookedByName ?? r.BookedBy,
      ]),
    },
  };
  return {
    title: `Mitteilung nach § 85 Abs. 1 Nr. 1 StrlSchV: ${report.Month}`,
    subtitle: 'Erwerb, Gewinnung, Abgabe und sonstiger Verbleib radioaktiver Stoffe',
    sections: [
      {
        heading: 'Einrichtung',
        lines: [
          ...licenceLines(report.Licence, report.Facility),
          ['Kalendermonat', `${report.Month} (${report.TimeZone})`],
        ],
      },
      report.Rows.length ? table : { heading: 'Vorgänge', paragraphs: ['Im Monat wurde nichts gebucht.'] },
    ],
    footer:
      'Buch nach § 85 StrlSchV, aufzubewahren 30 Jahre (§ 85 Abs. 3). ' +
      `Gebucht in UTC; Datum in Ortszeit (${report.TimeZone}).`,
  };
}

/** The year-end report as the PDF record lays it out. */
export function yearEndRecord(report: YearEndReport): ReleaseRecordContent {
  return {
    title: `Mitteilung nach § 85 Abs. 1 Nr. 3 StrlSchV: Bestand Ende ${report.Year}`,
    subtitle: 'Bestand an radioaktiven Stoffen mit Halbwertszeiten über 100 Tagen',
    sections: [
      {
        heading: 'Einrichtung',
        lines: [
          ...licenceLines(report.Licence, report.Facility),
          ['Stichtag', `${report.Year}-12-31 24:00 (${report.TimeZone}); ${report.At} UTC`],
        ],
      },
      report.Nuclides.length
        ? {
            heading: 'Bestand',
            table: {
              columns: ['Radionuklid', 'Zeile Anlage 4', 'im Lager (Bq)', 'in Abfallbehältern (Bq)', 'Bestand (Bq)'],
              rows: report.Nuclides.map((n) => [
                n.Nuclide,
                n.Row ?? '–',
                formatNumber(n.InStoreBq),
                formatNumber(n.InContainersBq),
                formatNumber(n.TotalBq),
              ]),
            },
          }
        : { heading: 'Bestand', paragraphs: ['Kein Bestand an Radionukliden mit Halbwertszeiten über 100 Tagen.'] },
    ],
    footer: 'Buch nach § 85 StrlSchV, aufzubewahren 30 Jahre (§ 85 Abs. 3).',
  };
}
