/**
 * The reports of the material book to the authority (StrlSchV § 85 Abs. 1): the month's acquisitions, productions,
 * transfers and other whereabouts (Nr. 1: each reported within a month), and the stock at the end of a calendar year
 * of the nuclides with half-lives over 100 days (Nr. 3: by 31 January). A month is the facility's calendar month,
 * its lines those booked in it, so a past month answers the same at any later time. As JSON, CSV (English, or what a
 * German spreadsheet opens) and a PDF/A record. Pure: no AWS, no HTTP.
 */
import { localTimestamp } from './calendar';
import { csvText, type CsvDialect } from './csv';
import type { Language } from '../i18n/messages';
import type { Licence } from './licence';
import { activityAt } from './material';
import { type BookLine, REPORTED_AS } from './material-book';
import type { RecordSection, ReleaseRecordContent } from './record-content';
import { formatNumber } from './record-wording';
import type { Stock, StockNuclide } from './stock';

/** Reported in the year-end stock: nuclides whose half-life exceeds 100 days (§ 85 Abs. 1 Nr. 3). */
export const YEAR_END_HALF_LIFE_SECONDS = 100 * 86_400;

/** A row of the month's report: one acquisition, production, transfer or other whereabouts. */
export interface MonthReportRow {
  /** When it happened, on the facility's clock. */
  Date: string;
  Category: 'ACQUISITION' | 'PRODUCTION' | 'TRANSFER' | 'WHEREABOUTS';
  Entry: BookLine['Entry'];
  Nuclide: string;
  ItemKind: string | null;
  /** Bq when it happened. */
  ActivityBq: number;
  /** Who it came from or went to: the supplier, the recipient, the patients, the release or the disposer. */
  Counterpart: string;
  ItemUuid: string | null;
  ContainerUuid: string | null;
  LicenceExceeded: boolean;
  BookedAt: string;
  BookedBy: string;
  BookedByName: string | null;
  LineUuid: string;
}

/** Who holds the licence the reports name. */
export type ReportLicence = Pick<Licence, 'FileNumber' | 'Authority' | 'Holder'> | null;

export interface MonthReport {
  Client: string;
  Facility: string;
  Month: string;
  TimeZone: string;
  /** The month as UTC: from, until (excluded). */
  From: string;
  Until: string;
  Licence: ReportLicence;
  Rows: MonthReportRow[];
}

/** Who it came from or went to, in the report's language. */
const counterpartOf = (line: BookLine, language: Language): string => {
  const de = language === 'de';
  switch (line.Entry) {
    case 'RECEIPT':
      return line.Supplier ?? '';
    case 'ELUTION':
      return `${de ? 'Generator' : 'generator'} ${line.ParentUuid}`;
    case 'ADMINISTERED':
      return de ? `${line.Applications} Anwendung(en)` : `${line.Applications} application(s)`;
    case 'RETURNED':
      return line.Recipient ?? '';
    case 'LOST':
      return line.Justification ?? '';
    case 'RELEASED':
      return de
        ? `Freigabe ${line.ReleaseType}, Registerzeile ${line.RegisterLineSha256}`
        : `${line.ReleaseType} release, register line ${line.RegisterLineSha256}`;
    case 'DISPATCHED':
      return de ? 'Abgabe an einen Entsorger mit Genehmigung' : 'a licensed disposer';
    default:
      return '';
  }
};

/**
 * The rows of a month's lines (booked in it): each reportable entry, a container leaving once per content, in the
 * order things happened.
 */
export function monthRows(lines: readonly BookLine[], timeZone: string, language: Language): MonthReportRow[] {
  const rows = lines.flatMap((line): MonthReportRow[] => {
    const category = REPORTED_AS[line.Entry];
    if (category === null) return [];
    const base = {
      Date: localTimestamp(line.OccurredAt, timeZone),
      Category: category,
      Entry: line.Entry,
      Counterpart: counterpartOf(line, language),
      ContainerUuid: line.ContainerUuid,
      LicenceExceeded: line.LicenceExceeded === true,
      BookedAt: line.BookedAt,
      BookedBy: line.BookedBy,
      BookedByName: line.BookedByName,
      LineUuid: line.LineUuid,
    };
    if (line.Contents !== null)
      return line.Contents.map((c) => ({
        ...base,
        Nuclide: c.Nuclide,
        ItemKind: null,
        ActivityBq: c.ActivityBq,
        ItemUuid: c.ItemUuid,
      }));
    return [
      {
        ...base,
        Nuclide: line.Nuclide!,
        ItemKind: line.ItemKind,
        // A receipt's activity when it arrived, from the certificate's reference time.
        ActivityBq: activityAt(line.Nuclide!, line.ActivityBq!, line.ActivityDateTime!, line.OccurredAt),
        ItemUuid: line.ItemUuid,
      },
    ];
  });
  return rows.sort((a, b) => `${a.Date}#${a.BookedAt}`.localeCompare(`${b.Date}#${b.BookedAt}`));
}

/** The year-end report: the stock at the end of the facility's calendar year, long-lived nuclides only. */
export interface YearEndReport {
  Client: string;
  Facility: string;
  Year: number;
  TimeZone: string;
  /** The last second of the year on the facility's clock, as UTC. */
  At: string;
  Licence: ReportLicence;
  Nuclides: StockNuclide[];
}

export const yearEndNuclides = (stock: Stock): StockNuclide[] =>
  stock.Nuclides.filter((n) => (n.HalfLifeSeconds ?? 0) > YEAR_END_HALF_LIFE_SECONDS && n.TotalBq > 0);

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
