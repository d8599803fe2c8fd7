/**
 * shared/schemas/material-report.ts: the models of the stock, the month's report and the year-end report document
 * exactly what the domain answers (shared/domain/stock.ts, material-report.ts), and refuse a member beyond them.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { stockOf } from '../../../shared/domain/stock';
import { monthReportModel, stockModel, yearEndReportModel } from '../../../shared/schemas/material-report';
import { monthReport, yearEndReport } from '../../support/material-reports';

describe('the models of the book’s answers', () => {
  it('document exactly what the domain answers: the stock, the month’s report, the year-end report', () => {
    const now = stockOf('2026-11-20 10:00:00', new Map([['Ge-68', 1e9]]), new Map(), undefined, {
      openItems: 1,
      openContainers: 0,
    });
    expect(v.safeParse(stockModel, now).success).toBe(true);
    const month = monthReport();
    expect(month.Rows.length).toBeGreaterThan(0);
    expect(v.safeParse(monthReportModel, month).success).toBe(true);
    expect(v.safeParse(monthReportModel, { ...month, Extra: 1 }).success).toBe(false);
    expect(v.safeParse(yearEndReportModel, yearEndReport).success).toBe(true);
    expect(v.safeParse(yearEndReportModel, { ...yearEndReport, Year: '2026' }).success).toBe(false);
  });
});
