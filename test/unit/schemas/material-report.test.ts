/**
 * shared/schemas/material-report.ts: the models of the stock, the month's report and the year-end report document
 * exactly what the domain answers (shared/domain/stock.ts, material-report.ts), and refuse a member beyond them.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { monthRows, yearEndNuclides } from '../../../shared/domain/material-report';
import { stockOf } from '../../../shared/domain/stock';
import { monthReportModel, stockModel, yearEndReportModel } from '../../../shared/schemas/material-report';
import { BERLIN, lines, stock } from '../../support/material-reports';

const licence = { FileNumber: 'UG-17/2026', Authority: 'Landesamt', Holder: 'Klinikum Nord' };

describe('the models of the book’s answers', () => {
  it('document exactly what the domain answers: the stock, the month’s report, the year-end report', () => {
    const now = stockOf('2026-11-20 10:00:00', new Map([['Ge-68', 1e9]]), new Map(), undefined, {
      openItems: 1,
      openContainers: 0,
    });
    expect(v.safeParse(stockModel, now).success).toBe(true);
    const month = {
      Client: 'c',
      Facility: 'f',
      Month: '2026-11',
      TimeZone: BERLIN,
      From: '2026-10-31 23:00:00',
      Until: '2026-11-30 23:00:00',
      Licence: licence,
      Rows: monthRows(lines(), BERLIN, 'en'),
    };
    expect(month.Rows.length).toBeGreaterThan(0);
    expect(v.safeParse(monthReportModel, month).success).toBe(true);
    expect(v.safeParse(monthReportModel, { ...month, Extra: 1 }).success).toBe(false);
    const year = {
      Client: 'c',
      Facility: 'f',
      Year: 2026,
      TimeZone: BERLIN,
      At: '2026-12-31 22:59:59',
      Licence: null,
      Nuclides: yearEndNuclides(stock),
    };
    expect(v.safeParse(yearEndReportModel, year).success).toBe(true);
    expect(v.safeParse(yearEndReportModel, { ...year, Year: '2026' }).success).toBe(false);
  });
});
