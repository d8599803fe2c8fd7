/**
 * The material book's reports to the authority and its verification: the month's entries (its lines booked in the
 * facility's calendar month, that month's lines only), the stock at the end of a calendar year (long-lived nuclides),
 * and a year's chain checked against its locked copies.
 */
import { type FileStorage, listAll } from '../data/file-storage';
import type { MaterialBookStore } from '../data/material-book';
import type { Tenant } from '../data/table';
import { calendarMonth, calendarYear } from '../domain/calendar';
import { lineOfObject, type LineObject, type Verification, verifyChain, yearFolder } from '../domain/chain';
import { type Licence, licenceAt } from '../domain/licence';
import { type BookLine, MATERIAL_BOOK } from '../domain/material-book';
import { type MonthReport, monthRows, type YearEndReport, yearEndNuclides } from '../domain/material-report';
import { formatTimestamp, parseTimestamp } from '../domain/time';
import { badRequest } from '../errors';
import type { MaterialStock } from './material-stock';
import type { Language } from '../i18n/messages';

/** At most this many locked objects are read at once while verifying. */
const VERIFY_READS = 16;

const reportLicence = (licence: Licence | undefined) =>
  licence ? { FileNumber: licence.FileNumber, Authority: licence.Authority, Holder: licence.Holder } : null;

export function materialReports(
  book: Pick<MaterialBookStore, 'between'>,
  licences: { licences(tenant: Tenant): Promise<Licence[]> },
  material: Pick<MaterialStock, 'stock'>,
  clock: () => Date = () => new Date(),
) {
  /** The licence a report names: the one in force at its end, or (before that) now. */
  const licenceOf = async (tenant: Tenant, at: string) => {
    const now = formatTimestamp(clock());
    return reportLicence(licenceAt(await licences.licences(tenant), at < now ? at : now));
  };
  const lastSecondBefore = (until: string) => formatTimestamp(new Date(parseTimestamp(until)!.getTime() - 1000));

  return {
    /** The month `YYYY-MM` on the facility's calendar: every reportable entry booked in it. */
    async month(tenant: Tenant, month: string, timeZone: string, language: Language): Promise<MonthReport> {
      const [year, number] = month.split('-').map(Number) as [number, number];
      const span = calendarMonth(year, number, timeZone);
      const [lines, licence] = await Promise.all([
        book.between(tenant, span.from, span.until),
        licenceOf(tenant, lastSecondBefore(span.until)),
      ]);
      return {
        Client: tenant.client,
        Facility: tenant.facility,
        Month: month,
        TimeZone: timeZone,
        From: span.from,
        Until: span.until,
        Licence: licence,
        Rows: monthRows(lines, timeZone, language),
      };
    },

    /** The stock at the end of calendar year `year` where the facility is (400 for a year not yet ended). */
    async yearEnd(tenant: Tenant, year: number, timeZone: string): Promise<YearEndReport> {
      const at = lastSecondBefore(calendarYear(year, timeZone).until);
      // Only an ended year: the tolerance for a timestamp sent ahead of the clock does not apply here.
      if (at >= formatTimestamp(clock()))
        throw badRequest([{ key: 'detail.year_not_ended', params: { field: 'year', year } }]);
      const [stock, licence] = await Promise.all([material.stock(tenant, at), licenceOf(tenant, at)]);
      return {
        Client: tenant.client,
        Facility: tenant.facility,
        Year: year,
        TimeZone: timeZone,
        At: at,
        Licence: licence,
        Nuclides: yearEndNuclides(stock),
      };
    },
  };
}

/** The book's verification: the only part that reads the records bucket (the reports' functions load no S3 client). */
export function bookVerification(book: Pick<MaterialBookStore, 'list' | 'before'>, records: FileStorage) {
  return {
    /** The year's chain (by booking time, UTC) checked: each line's hash and link, each against its locked copy. */
    async verify(tenant: Tenant, year: number): Promise<Verification> {
      const [lines, before, keys] = await Promise.all([
        book.list(tenant, year),
        book.before(tenant, year),
        listAll(records, yearFolder(MATERIAL_BOOK, tenant, year)),
      ]);
      const objects: LineObject<BookLine>[] = [];
      const objectOf = async (key: string) => {
        const bytes = await records.read(key);
        const read = bytes && lineOfObject(MATERIAL_BOOK, tenant, key, new TextDecoder().decode(bytes));
        return read && 'line' in read ? { line: read.line } : undefined;
      };
      for (let i = 0; i < keys.length; i += VERIFY_READS)
        for (const object of await Promise.all(keys.slice(i, i + VERIFY_READS).map(objectOf)))
          if (object) objects.push(object);
      return verifyChain(MATERIAL_BOOK, lines, before, objects);
    },
  };
}
