/**
 * The material book's fixtures for the unit tests of its reports and their documents: a month's lines in booking order
 * (receipts, one booked late, an elution, a return, a loss, an administration, a move into a container and its
 * correction, a release and a dispatch), a stock at the end of 2026, and the month's and the year-end's reports of
 * them.
 */
import type { MaterialItem, Movement } from '../../shared/domain/material';
import {
  type Booking,
  type BookLine,
  chainBookLine,
  correctionLine,
  leavingLine,
  movementLine,
  receiptLine,
} from '../../shared/domain/material-book';
import { type MonthReport, monthRows, type YearEndReport, yearEndNuclides } from '../../shared/domain/material-report';
import type { Stock, StockNuclide } from '../../shared/domain/stock';
import { item, movement } from './material-items';

export const BERLIN = 'Europe/Berlin';
const booking = (n: number, at: string, byName: string | null = 'Ada Lovelace'): Booking => ({
  lineUuid: `line-${n}`,
  at,
  by: 'ada',
  byName,
});
const generator: MaterialItem = item([], {
  Uuid: 'gen',
  CreatedAt: '2026-11-03 08:31:00',
  UpdatedAt: '2026-11-03 08:31:00',
  Kind: 'GENERATOR',
  Nuclide: 'Ge-68',
  ActivityBq: 1.85e9,
  ActivityDateTime: '2026-11-02 12:00:00',
  ReceivedAt: '2026-11-03 08:30:00',
  Supplier: 'Eckert & Ziegler',
  Batch: null,
  ChemicalForm: null,
  LineUuid: 'line-1',
});
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
const move = (n: number, kind: Movement['Kind'], at: string, over: Partial<Movement> = {}): Movement =>
  movement(n, {
    Uuid: `move-${n}`,
    Kind: kind,
    ActivityBq: 1e8,
    MovedAt: at,
    Portion: 0.1,
    Applications: null,
    ...over,
  });

/** A month of lines, in booking order (a receipt booked late sorts where it happened). */
export function lines(): BookLine[] {
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
/** The stock at the end of 2026: nuclides short- and long-lived, one of exactly 100 days, one at 0, one unknown. */
export const stock: Stock = {
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

/** November 2026's report of `rows` (the month's lines by default), in `language`. */
export const monthReport = (rows: BookLine[] = lines(), language: 'en' | 'de' = 'en'): MonthReport => ({
  Client: 'c',
  Facility: 'f',
  Month: '2026-11',
  TimeZone: BERLIN,
  From: '2026-10-31 23:00:00',
  Until: '2026-11-30 23:00:00',
  Licence: { FileNumber: 'UG-17/2026', Authority: 'Landesamt für Umwelt', Holder: 'Klinikum Nord' },
  Rows: monthRows(rows, BERLIN, language),
});

/** The year-end report of 2026 on the stock, without a licence. */
export const yearEndReport: YearEndReport = {
  Client: 'c',
  Facility: 'f',
  Year: 2026,
  TimeZone: BERLIN,
  At: '2026-12-31 22:59:59',
  Licence: null,
  Nuclides: yearEndNuclides(stock),
};
