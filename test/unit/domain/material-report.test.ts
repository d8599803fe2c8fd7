/**
 * shared/domain/material-report.ts: the month's report lists each acquisition, production, transfer and other
 * whereabouts (not a move into a container, not a correction), a container leaving once per content it held, dated on
 * the facility's clock (Europe/Berlin, summer and winter) in the order things happened, a receipt at its activity
 * when it arrived, the counterpart in the report's language. The year-end report holds the nuclides with half-lives
 * over 100 days that are held. As documents: material-report-documents.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { monthRows, YEAR_END_HALF_LIFE_SECONDS, yearEndNuclides } from '../../../shared/domain/material-report';
import { BERLIN, lines, stock } from '../../support/material-reports';

describe('monthRows', () => {
  it('lists every reportable entry once, a container leaving once per content, in the order things happened', () => {
    const rows = monthRows(lines(), BERLIN, 'en');
    expect(rows.map((r) => [r.Date, r.Category, r.Entry, r.Nuclide, r.ItemKind, r.Counterpart, r.LineUuid])).toEqual([
      // Summer: UTC + 2.
      ['2026-07-01 14:00:00', 'WHEREABOUTS', 'ADMINISTERED', 'Ga-68', 'ELUATE', '3 application(s)', 'line-7'],
      ['2026-11-02 10:00:00', 'ACQUISITION', 'RECEIPT', 'F-18', 'RADIOPHARMACEUTICAL', '=cmd', 'line-2'],
      ['2026-11-03 09:30:00', 'ACQUISITION', 'RECEIPT', 'Ge-68', 'GENERATOR', 'Eckert & Ziegler', 'line-1'],
      ['2026-11-15 13:00:00', 'TRANSFER', 'RETURNED', 'Ge-68', 'GENERATOR', 'Eckert & Ziegler; Berlin', 'line-3'],
      ['2026-11-16 13:00:00', 'WHEREABOUTS', 'LOST', 'Ge-68', 'GENERATOR', 'Vial broken in the hot lab', 'line-4'],
      [
        '2026-11-25 10:00:00',
        'WHEREABOUTS',
        'RELEASED',
        'Ga-68',
        null,
        `UNRESTRICTED release, register line ${'a'.repeat(64)}`,
        'line-8',
      ],
      [
        '2026-11-25 10:00:00',
        'WHEREABOUTS',
        'RELEASED',
        'F-18',
        null,
        `UNRESTRICTED release, register line ${'a'.repeat(64)}`,
        'line-8',
      ],
      ['2026-11-26 10:00:00', 'TRANSFER', 'DISPATCHED', 'Ge-68', null, 'a licensed disposer', 'line-9'],
      // 23:30 UTC on 30 November is 00:30 on 1 December in Berlin.
      ['2026-12-01 00:30:00', 'PRODUCTION', 'ELUTION', 'Ga-68', 'ELUATE', 'generator gen', 'line-10'],
    ]);
    expect(rows.filter((r) => r.Entry === 'RELEASED').map((r) => [r.ItemUuid, r.ActivityBq, r.ContainerUuid])).toEqual([
      ['a', 5, 'box-2'],
      ['b', 7, 'box-2'],
    ]);
    expect(rows.map((r) => r.LicenceExceeded)).toEqual([false, true, false, false, false, false, false, false, false]);
    expect(rows[3]).toMatchObject({ BookedBy: 'ada', BookedByName: null, BookedAt: '2026-11-15 12:00:00' });
  });

  it('gives a receipt its activity when it arrived, decayed from the certificate: 1.85 GBq Ge-68 20.5 h on', () => {
    const receipt = monthRows(lines(), BERLIN, 'en').find((r) => r.LineUuid === 'line-1')!;
    expect(receipt.ActivityBq).toBeCloseTo(1.85e9 * 0.5 ** ((20.5 * 3600) / (270.95 * 86_400)), 0);
    expect(receipt.ActivityBq).toBeCloseTo(1.846e9, -6);
  });

  it('names the counterpart in German for a German report', () => {
    const rows = monthRows(lines(), BERLIN, 'de');
    expect(rows.map((r) => r.Counterpart)).toEqual([
      '3 Anwendung(en)',
      '=cmd',
      'Eckert & Ziegler',
      'Eckert & Ziegler; Berlin',
      'Vial broken in the hot lab',
      `Freigabe UNRESTRICTED, Registerzeile ${'a'.repeat(64)}`,
      `Freigabe UNRESTRICTED, Registerzeile ${'a'.repeat(64)}`,
      'Abgabe an einen Entsorger mit Genehmigung',
      'Generator gen',
    ]);
  });
});

describe('the year-end report', () => {
  it('holds the nuclides held whose half-life is over 100 days', () => {
    expect(YEAR_END_HALF_LIFE_SECONDS).toBe(8_640_000);
    expect(yearEndNuclides(stock).map((n) => n.Nuclide)).toEqual(['Lu-177m', 'Ge-68']);
  });
});
