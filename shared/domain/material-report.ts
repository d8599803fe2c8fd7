/**
 * The reports of the material book to the authority (StrlSchV § 85 Abs. 1): the month's acquisitions, productions,
 * transfers and other whereabouts (Nr. 1: each reported within a month), and the stock at the end of a calendar year
 * of the nuclides with half-lives over 100 days (Nr. 3: by 31 January). A month is the facility's calendar month,
 * its lines those booked in it, so a past month answers the same at any later time. As JSON here; as CSV and a
 * PDF/A record in ./material-report-documents.ts. Pure: no AWS, no HTTP.
 */
import { localTimestamp } from './calendar';
import type { Language } from '../i18n/messages';
import type { Licence } from './licence';
import { activityAt } from './material';
import { type BookLine, REPORTED_AS } from './material-book';
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
