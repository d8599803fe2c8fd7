/**
 * shared/domain/material-report.ts: the month's report lists each acquisition, production, transfer and other
 * whereabouts (not a move into a container, not a correction), a container leaving once per content it held, dated on
 * the facility's clock (Europe/Berlin, summer and winter) in the order things happened, a receipt at its activity
 * when it arrived; as CSV in English and as a German spreadsheet opens it; as the PDF record lays it out. The year-end
 * report holds the nuclides with half-lives over 100 days that are held.
 */
import { describe, expect, it } from 'vitest';
import type { MaterialItem, Movement } from '../../../shared/domain/material';
import {
  type Booking,
  type BookLine,
  chainBookLine,
  correctionLine,
  leavingLine,
  movementLine,
  receiptLine,
} from '../../../shared/domain/material-book';
import {
  type MonthReport,
  monthRows,
  YEAR_END_HALF_LIFE_SECONDS,
  type YearEndReport,
  yearEndNuclides,
} from '../../../shared/domain/material-report';
import { monthCsv, monthRecord, yearEndCsv, yearEndRecord } from '../../../shared/domain/material-report-documents';
import type { RecordSection } from '../../../shared/domain/record-content';
import type { Stock, StockNuclide } from '../../../shared/domain/stock';

const linesOf = (section: RecordSection | undefined) => (section && 'lines' in section ? section.lines : []);
const rowsOf = (section: RecordSection | undefined) => (section && 'table' in section ? section.table.rows : []);

const BERLIN = 'Europe/Berlin';
const booking = (n: number, at: string, byName: string | null = 'Ada Lovelace'): Booking => ({
  lineUuid: `line-${n}`,
  at,
  by: 'ada',
  byName,
});
const generator: MaterialItem = {
  Client: 'c',
  Facility: 'f',
  Uuid: 'gen',
  Version: 1,
  CreatedAt: '2026-11-03 08:31:00',
  UpdatedAt: '2026-11-03 08:31:00',
  Kind: 'GENERATOR',
  Nuclide: 'Ge-68',
  ActivityBq: 1.85e9,
  ActivityDateTime: '2026-11-02 12:00:00',
  ReceivedAt: '2026-11-03 08:30:00',
  ReceivedBy: 'ada',
  Supplier: 'Eckert & Ziegler',
  Batch: null,
  ChemicalForm: null,
  Impurities: [],
  CertificateDocumentUuid: null,
  ParentUuid: null,
  LicenceUuid: 'licence-1',
  LicenceExceeded: null,
  LineUuid: 'line-1',
  Movements: [],
  State: 'IN_STOCK',
};
const eluate: MaterialItem = {
  ...generator,
  Uuid: 'eluate',
  Kind: 'ELUATE',
  Nuclide: 'Ga-68',
  ActivityBq: 1e9,
  ActivityDateTime: '2026-11-30 23:30:00',
  ReceivedAt: '2026-11-30 23:30:00',
  Impurities: [{ Nuclide: 'Ge-68', Fraction: 1e-5 }],
  ParentUuid: 'gen',
};
const move = (n: number, kind: Movement['Kind'], at: string, over: Partial<Movement> = {}): Movement => ({
  Uuid: `move-${n}`,
  Kind: kind,
  ActivityBq: 1e8,
  MovedAt: at,
  Portion: 0.1,
  Applications: null,
  ContainerUuid: null,
  Recipient: null,
  Justification: null,
  MovedBy: 'ada',
  LineUuid: `line-${n}`,
  CorrectedBy: null,
  ...over,
});

/** A month of lines, in booking order (a receipt booked late sorts where it happened). */
function lines(): BookLine[] {
  const toBox = move(5, 'TO_CONTAINER', '2026-11-20 10:00:00', { ContainerUuid: 'box-1' });
  const members = [
    receiptLine(booking(1, '2026-11-03 08:31:00'), generator, null),
    receiptLine(
      booking(2, '2026-11-10 09:00:00'),
      {
        ...generator,
        Uuid: 'late',
        Nuclide: 'F-18',
        Kind: 'RADIOPHARMACEUTICAL',
        Supplier: '=cmd',
        ActivityDateTime: '2026-11-02 09:00:00',
        ReceivedAt: '2026-11-02 09:00:00',
        LicenceExceeded: { Justification: 'Delivered in excess' },
      },
      'Delivered in excess',
    ),
    movementLine(
      booking(3, '2026-11-15 12:00:00', null),
      generator,
      move(3, 'RETURNED', '2026-11-15 12:00:00', { Recipient: 'Eckert & Ziegler; Berlin' }),
    ),
    movementLine(
      booking(4, '2026-11-16 12:00:00'),
      generator,
      move(4, 'LOST', '2026-11-16 12:00:00', { Justification: 'Vial broken in the hot lab' }),
    ),
    movementLine(booking(5, '2026-11-20 10:00:00'), eluate, toBox),
    correctionLine(booking(6, '2026-11-20 11:00:00'), eluate, toBox, 'taken out'),
    movementLine(
      booking(7, '2026-07-01 12:00:00'),
      eluate,
      move(7, 'ADMINISTERED', '2026-07-01 12:00:00', { Applications: 3 }),
    ),
    leavingLine(
      booking(8, '2026-11-25 09:00:00'),
      'RELEASED',
      { uuid: 'box-2', at: '2026-11-25 09:00:00' },
      [
        { ItemUuid: 'a', Nuclide: 'Ga-68', ActivityBq: 5 },
        { ItemUuid: 'b', Nuclide: 'F-18', ActivityBq: 7 },
      ],
      { type: 'UNRESTRICTED', registerLineSha256: 'a'.repeat(64) },
    ),
    leavingLine(
      booking(9, '2026-11-26 09:00:00'),
      'DISPATCHED',
      { uuid: 'box-3', at: '2026-11-26 09:00:00' },
      [{ ItemUuid: 'c', Nuclide: 'Ge-68', ActivityBq: 1e3 }],
      null,
    ),
    receiptLine(booking(10, '2026-11-30 23:31:00'), eluate, null),
  ];
  const chain: BookLine[] = [];
  for (const m of members) chain.push(chainBookLine(m, chain.at(-1)?.LineSha256 ?? null));
  return chain;
}

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

const report = (language: 'en' | 'de'): MonthReport => ({
  Client: 'c',
  Facility: 'f',
  Month: '2026-11',
  TimeZone: BERLIN,
  From: '2026-10-31 23:00:00',
  Until: '2026-11-30 23:00:00',
  Licence: { FileNumber: 'UG-17/2026', Authority: 'Landesamt für Umwelt', Holder: 'Klinikum Nord' },
  Rows: monthRows(lines().slice(1, 4), BERLIN, language),
});

describe('the month as CSV', () => {
  it('in English: RFC 4180 with the API member names, numbers as they are', () => {
    const csv = monthCsv(report('en'), 'en');
    const rows = csv.split('\r\n');
    expect(csv.startsWith('Date,')).toBe(true);
    expect(rows[0]).toBe(
      'Date,Category,Entry,Nuclide,ItemKind,ActivityBq,Counterpart,ItemUuid,ContainerUuid,LicenceExceeded,' +
        'BookedAt,BookedByName,LineUuid',
    );
    expect(rows.slice(1)).toEqual([
      "2026-11-02 10:00:00,ACQUISITION,RECEIPT,F-18,RADIOPHARMACEUTICAL,1850000000,'=cmd,late,," +
        'true,2026-11-10 09:00:00,Ada Lovelace,line-2',
      '2026-11-15 13:00:00,TRANSFER,RETURNED,Ge-68,GENERATOR,100000000,Eckert & ' +
        'Ziegler; Berlin,gen,,false,2026-11-15 12:00:00,ada,line-3',
      '2026-11-16 13:00:00,WHEREABOUTS,LOST,Ge-68,GENERATOR,100000000,Vial broken in ' +
        'the hot lab,gen,,false,2026-11-16 12:00:00,Ada Lovelace,line-4',
      '',
    ]);
  });

  it('in German: a byte-order mark, semicolons, German headers and words, decimal commas', () => {
    const csv = monthCsv(report('de'), 'de');
    expect(
      csv.startsWith('\uFEFFDatum (Ortszeit);Art nach § 85 Abs. 1 Nr. 1;Vorgang;Radionuklid;Stoff;Aktivität (Bq);'),
    ).toBe(true);
    const rows = csv.slice(1).split('\r\n');
    expect(rows[0]!.split(';')).toHaveLength(13);
    expect(rows.slice(1, 4).map((r) => r.split(';').slice(1, 7).concat(r.split(';').slice(-4, -3)))).toEqual([
      ['Erwerb', 'Erwerb', 'F-18', 'Radiopharmakon', '1,850e+9', "'=cmd", 'ja'],
      ['Abgabe', 'Abgabe', 'Ge-68', 'Generator', '1,000e+8', '"Eckert & Ziegler', 'nein'],
      ['sonstiger Verbleib', 'Abhandenkommen', 'Ge-68', 'Generator', '1,000e+8', 'Vial broken in the hot lab', 'nein'],
    ]);
    // The recipient holds the separator: quoted whole.
    expect(rows[2]).toContain(';"Eckert & Ziegler; Berlin";');
  });
});

describe('the month as the PDF record lays it out', () => {
  it('names the licence, the month and its zone, and flags an entry above the licence', () => {
    const record = monthRecord(report('de'));
    expect(record.title).toBe('Mitteilung nach § 85 Abs. 1 Nr. 1 StrlSchV: 2026-11');
    expect(linesOf(record.sections[0])).toEqual([
      ['Genehmigungsinhaber', 'Klinikum Nord'],
      ['Genehmigung (Aktenzeichen)', 'UG-17/2026'],
      ['Behörde', 'Landesamt für Umwelt'],
      ['Einrichtung (Kennung)', 'f'],
      ['Kalendermonat', '2026-11 (Europe/Berlin)'],
    ]);
    expect(rowsOf(record.sections[1]).map((r) => r.slice(1, 3))).toEqual([
      ['Erwerb', 'Erwerb (über der Genehmigung)'],
      ['Abgabe', 'Abgabe'],
      ['sonstiger Verbleib', 'Abhandenkommen'],
    ]);
    const empty = monthRecord({ ...report('de'), Licence: null, Rows: [] });
    expect(linesOf(empty.sections[0])[0]).toEqual(['Genehmigungsinhaber', '–']);
    expect(empty.sections[1]).toEqual({ heading: 'Vorgänge', paragraphs: ['Im Monat wurde nichts gebucht.'] });
  });
});

describe('the year-end report', () => {
  const nuclide = (name: string, halfLifeDays: number | null, total: number): StockNuclide => ({
    Nuclide: name,
    Row: name,
    HalfLifeSeconds: halfLifeDays === null ? null : halfLifeDays * 86_400,
    InStoreBq: total * 0.75,
    InContainersBq: total * 0.25,
    TotalBq: total,
    MaxActivityBq: 4e9,
    Ratio: total / 4e9,
  });
  const stock: Stock = {
    At: '2026-12-31 22:59:59',
    LicenceUuid: 'licence-1',
    LicenceFileNumber: 'UG-17/2026',
    SumRule: false,
    Nuclides: [
      nuclide('Ga-68', 67.71 / 1440, 1e9),
      nuclide('Sr-85', 64.85, 1e6),
      nuclide('Exactly-100', 100, 1e6),
      nuclide('Lu-177m', 160.44, 2e5),
      nuclide('Ge-68', 270.95, 1.5e9),
      nuclide('Co-57', 271.74, 0),
      nuclide('Unknown', null, 5),
    ],
    SumOfRatios: null,
    OpenItems: 3,
    OpenContainers: 1,
  };

  it('holds the nuclides held whose half-life is over 100 days', () => {
    expect(YEAR_END_HALF_LIFE_SECONDS).toBe(8_640_000);
    expect(yearEndNuclides(stock).map((n) => n.Nuclide)).toEqual(['Lu-177m', 'Ge-68']);
  });

  it('as CSV and as the record lays it out', () => {
    const year: YearEndReport = {
      Client: 'c',
      Facility: 'f',
      Year: 2026,
      TimeZone: BERLIN,
      At: '2026-12-31 22:59:59',
      Licence: null,
      Nuclides: yearEndNuclides(stock),
    };
    expect(yearEndCsv(year, 'en').split('\r\n')).toEqual([
      'Nuclide,Row,InStoreBq,InContainersBq,TotalBq,MaxActivityBq',
      'Lu-177m,Lu-177m,150000,50000,200000,4000000000',
      'Ge-68,Ge-68,1125000000,375000000,1500000000,4000000000',
      '',
    ]);
    expect(yearEndCsv(year, 'de').split('\r\n').slice(0, 2)).toEqual([
      '\uFEFFRadionuklid;Zeile Anlage 4;im Lager (Bq);in Abfallbehältern (Bq);Bestand (Bq);Genehmigt (Bq)',
      'Lu-177m;Lu-177m;150.000;50.000;200.000;4,000e+9',
    ]);
    const record = yearEndRecord(year);
    expect(record.title).toBe('Mitteilung nach § 85 Abs. 1 Nr. 3 StrlSchV: Bestand Ende 2026');
    expect(linesOf(record.sections[0]).at(-1)).toEqual([
      'Stichtag',
      '2026-12-31 24:00 (Europe/Berlin); 2026-12-31 22:59:59 UTC',
    ]);
    expect(rowsOf(record.sections[1])).toEqual([
      ['Lu-177m', 'Lu-177m', '150.000', '50.000', '200.000'],
      ['Ge-68', 'Ge-68', '1,125e+9', '3,750e+8', '1,500e+9'],
    ]);
    expect(yearEndRecord({ ...year, Nuclides: [] }).sections[1]).toEqual({
      heading: 'Bestand',
      paragraphs: ['Kein Bestand an Radionukliden mit Halbwertszeiten über 100 Tagen.'],
    });
  });
});
