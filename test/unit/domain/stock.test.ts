/**
 * shared/domain/stock.ts: the stock per nuclide, in store and in containers not yet gone, against the licence in
 * force (its limit, the ratio, and under the sum rule the sum of ratios, against a hand computation) or without one.
 * The book replayed for a moment equals what the open items and the containers holding material give for the same
 * history: a generator, an eluate with its Ge-68 breakthrough, an administration, a move into a container, a move
 * corrected (as if it had never been), and a container whose material left with its release.
 */
import { describe, expect, it } from 'vitest';
import {
  type Booking,
  type BookLine,
  chainBookLine,
  correctionLine,
  leavingLine,
  movementLine,
  receiptLine,
} from '../../../shared/domain/material-book';
import { activityAt, type MaterialItem, shareOfItem, type Movement } from '../../../shared/domain/material';
import { type Activities, addAmount, inStore, replay, stockOf, storeOf, totalsOf } from '../../../shared/domain/stock';
import { LICENCE } from '../../support/memory/material';

const GA68 = 67.71 * 60;
const GE68 = 270.95 * 86_400;

const licence = { Uuid: 'licence-1', ...LICENCE, SumRule: true };

describe('stockOf', () => {
  const store: Activities = new Map([
    ['Ge-68', 1.5e9],
    ['Ga-68', 1e9],
    ['Co-57', 2e6],
  ]);
  const containers: Activities = new Map([
    ['Ga-68', 1.5e9],
    ['Ge-68', 5e8],
  ]);

  it('lists each nuclide held or licensed, in the catalogue order, with its total against its limit', () => {
    const stock = stockOf(
      '2026-11-20 12:00:00',
      store,
      containers,
      { ...licence, SumRule: false },
      {
        openItems: 3,
        openContainers: 1,
      },
    );
    expect(stock.Nuclides.map((n) => n.Nuclide)).toEqual(['Ga-68', 'F-18', 'Ge-68', 'Co-57']);
    expect(stock.Nuclides[0]).toEqual({
      Nuclide: 'Ga-68',
      Row: 'Ga-68',
      HalfLifeSeconds: GA68,
      InStoreBq: 1e9,
      InContainersBq: 1.5e9,
      TotalBq: 2.5e9,
      MaxActivityBq: 5e9,
      Ratio: 0.5,
    });
    // Licensed and not held: 0 of its limit. Held and not licensed: limit 0, no ratio.
    expect(stock.Nuclides[1]).toMatchObject({ Nuclide: 'F-18', TotalBq: 0, MaxActivityBq: 1e11, Ratio: 0 });
    expect(stock.Nuclides[2]).toMatchObject({ Nuclide: 'Ge-68', Row: 'Ge-68+', TotalBq: 2e9, Ratio: 0.5 });
    expect(stock.Nuclides[3]).toMatchObject({ Nuclide: 'Co-57', TotalBq: 2e6, MaxActivityBq: 0, Ratio: null });
    expect(stock).toMatchObject({
      At: '2026-11-20 12:00:00',
      LicenceUuid: 'licence-1',
      LicenceFileNumber: 'UG-17/2026',
      SumRule: false,
      SumOfRatios: null,
      OpenItems: 3,
      OpenContainers: 1,
    });
  });

  it('sums the ratios of the nuclides the licence names under its sum rule', () => {
    // Ga-68 2.5/5 + F-18 0/100 + Ge-68 2/4 = 1.0 (Co-57, not named, is in no ratio).
    const stock = stockOf('2026-11-20 12:00:00', store, containers, licence, { openItems: 3, openContainers: 1 });
    expect(stock.SumRule).toBe(true);
    expect(stock.SumOfRatios).toBeCloseTo(1, 12);
  });

  it('without a licence in force has no limits, ratios or sum', () => {
    const stock = stockOf('2026-11-20 12:00:00', store, new Map(), undefined, { openItems: 3, openContainers: 0 });
    expect(stock.Nuclides.map((n) => [n.Nuclide, n.TotalBq, n.MaxActivityBq, n.Ratio])).toEqual([
      ['Ga-68', 1e9, null, null],
      ['Ge-68', 1.5e9, null, null],
      ['Co-57', 2e6, null, null],
    ]);
    expect(stock).toMatchObject({ LicenceUuid: null, LicenceFileNumber: null, SumRule: false, SumOfRatios: null });
  });

  it('totals what is in store and in containers per nuclide', () => {
    expect(Object.fromEntries(totalsOf(store, containers))).toEqual({ 'Ge-68': 2e9, 'Ga-68': 2.5e9, 'Co-57': 2e6 });
  });
});

// A history: booked lines, and the items and container contents the same bookings leave in the table. --------------

const booking = (n: number, at: string): Booking => ({ lineUuid: `line-${n}`, at, by: 'ada', byName: 'Ada Lovelace' });
const baseItem = {
  Client: 'c',
  Facility: 'f',
  Version: 1,
  CreatedAt: '2026-11-20 07:00:00',
  UpdatedAt: '2026-11-20 07:00:00',
  ReceivedBy: 'ada',
  Supplier: 'Supplier',
  Batch: null,
  ChemicalForm: null,
  CertificateDocumentUuid: null,
  LicenceUuid: 'licence-1',
  LicenceExceeded: null,
  State: 'IN_STOCK',
} as const;
/** A movement of `bq` of `item` at `at`: its share of what the item held then. */
const move = (
  n: number,
  item: Pick<MaterialItem, 'Nuclide' | 'ActivityBq' | 'ActivityDateTime'>,
  kind: Movement['Kind'],
  bq: number,
  at: string,
  over: Partial<Movement> = {},
): Movement => ({
  Uuid: `move-${n}`,
  Kind: kind,
  ActivityBq: bq,
  MovedAt: at,
  Portion: bq / activityAt(item.Nuclide, item.ActivityBq, item.ActivityDateTime, at),
  Applications: kind === 'ADMINISTERED' ? 2 : null,
  ContainerUuid: null,
  Recipient: null,
  Justification: null,
  MovedBy: 'ada',
  LineUuid: `line-${n}`,
  CorrectedBy: null,
  ...over,
});

/** A Ge-68 generator, its eluate, F-18; the eluate partly administered and partly into box-1; F-18 into box-2 and taken
 * out again, and into box-3, released at 11:00. */
function history() {
  const generator: MaterialItem = {
    ...baseItem,
    Uuid: 'gen',
    Kind: 'GENERATOR',
    Nuclide: 'Ge-68',
    ActivityBq: 1.85e9,
    ActivityDateTime: '2026-11-02 12:00:00',
    ReceivedAt: '2026-11-03 08:30:00',
    Impurities: [],
    ParentUuid: null,
    LineUuid: 'line-1',
    Movements: [],
  };
  const eluate: MaterialItem = {
    ...baseItem,
    Uuid: 'eluate',
    Kind: 'ELUATE',
    Nuclide: 'Ga-68',
    ActivityBq: 1e9,
    ActivityDateTime: '2026-11-20 09:00:00',
    ReceivedAt: '2026-11-20 09:00:00',
    Impurities: [{ Nuclide: 'Ge-68', Fraction: 1e-5 }],
    ParentUuid: 'gen',
    LineUuid: 'line-2',
    Movements: [],
  };
  eluate.Movements = [
    move(4, eluate, 'ADMINISTERED', 3e8, '2026-11-20 09:30:00'),
    move(5, eluate, 'TO_CONTAINER', 2e8, '2026-11-20 10:00:00', { ContainerUuid: 'box-1' }),
  ];
  const fdg: MaterialItem = {
    ...baseItem,
    Uuid: 'fdg',
    Kind: 'RADIOPHARMACEUTICAL',
    Nuclide: 'F-18',
    ActivityBq: 1e10,
    ActivityDateTime: '2026-11-20 07:00:00',
    ReceivedAt: '2026-11-20 07:30:00',
    Impurities: null,
    ParentUuid: null,
    LineUuid: 'line-3',
    Movements: [],
  };
  fdg.Movements = [
    move(6, fdg, 'TO_CONTAINER', 5e9, '2026-11-20 08:00:00', { ContainerUuid: 'box-2', CorrectedBy: 'line-7' }),
    move(8, fdg, 'TO_CONTAINER', 1e9, '2026-11-20 08:10:00', { ContainerUuid: 'box-3' }),
  ];
  const members = [
    receiptLine(booking(1, '2026-11-03 08:31:00'), generator, null),
    receiptLine(booking(2, '2026-11-20 09:01:00'), eluate, null),
    receiptLine(booking(3, '2026-11-20 07:31:00'), fdg, null),
    movementLine(booking(4, '2026-11-20 09:31:00'), eluate, eluate.Movements[0]!),
    movementLine(booking(5, '2026-11-20 10:01:00'), eluate, eluate.Movements[1]!),
    movementLine(booking(6, '2026-11-20 08:01:00'), fdg, fdg.Movements[0]!),
    correctionLine(booking(7, '2026-11-20 08:30:00'), fdg, fdg.Movements[0]!, 'taken out of box-2'),
    movementLine(booking(8, '2026-11-20 08:11:00'), fdg, fdg.Movements[1]!),
    leavingLine(
      booking(9, '2026-11-20 11:00:00'),
      'RELEASED',
      { uuid: 'box-3', at: '2026-11-20 11:00:00' },
      [
        {
          ItemUuid: 'fdg',
          Nuclide: 'F-18',
          ActivityBq: activityAt('F-18', 1e9, '2026-11-20 08:10:00', '2026-11-20 11:00:00'),
        },
      ],
      { type: 'UNRESTRICTED', registerLineSha256: 'a'.repeat(64) },
    ),
  ];
  const lines: BookLine[] = [];
  for (const m of [...members].sort((a, b) => a.BookedAt.localeCompare(b.BookedAt)))
    lines.push(chainBookLine(m, lines.at(-1)?.LineSha256 ?? null));
  return { items: [generator, eluate, fdg], lines };
}

/** What the open items and the containers still holding material give at `at` (as GET stock now computes it). */
function openItemsAt(items: MaterialItem[], holding: { item: MaterialItem; portion: number }[], at: string) {
  const containers: Activities = new Map();
  for (const h of holding) addAmount(containers, shareOfItem(h.item, h.portion), at);
  return { store: storeOf(items, at), containers };
}

const sameActivities = (actual: Activities, expected: Activities) => {
  expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
  for (const [nuclide, bq] of expected) expect(actual.get(nuclide)! / bq).toBeCloseTo(1, 12);
};

describe('replay', () => {
  it('equals the open items and the containers holding material for the same history', () => {
    const { items, lines } = history();
    const [, eluate] = items;
    const at = '2026-11-20 12:00:00';
    const replayed = replay(lines, at);
    // box-1 holds the eluate's 200 MBq; box-2's content was taken out; box-3's material left with its release.
    const open = openItemsAt(items, [{ item: eluate!, portion: eluate!.Movements[1]!.Portion }], at);
    sameActivities(replayed.store, open.store);
    sameActivities(replayed.containers, open.containers);
    expect([replayed.openItems, replayed.openContainers]).toEqual([3, 1]);
  });

  it("keeps the eluate's Ge-68 by hand: its 10 kBq less what went to the patients, in store and in the box", () => {
    const { lines } = history();
    const at = '2026-11-20 12:00:00';
    const replayed = replay(lines, at);
    const generator = 1.85e9 * 0.5 ** ((18 * 86_400) / GE68);
    // The patients' 300 MBq of Ga-68 at 09:30 carried Ge-68 at the fraction then: 1e-5 grown by half an hour of Ga-68.
    const administered = 3e8 * 1e-5 * 2 ** (1800 / GA68 - 1800 / GE68);
    const eluateGe = 1e4 * 0.5 ** (10_800 / GE68) - administered * 0.5 ** (9000 / GE68);
    expect(administered).toBeCloseTo(4078.3, 0);
    expect(replayed.store.get('Ge-68')! + replayed.containers.get('Ge-68')!).toBeCloseTo(generator + eluateGe, 2);
    // In the box: 200 MBq of Ga-68 at 10:00 was 200 MBq · 2^(1 h / T½ Ga-68) at the elution, carrying 1e-5 of it as
    // Ge-68, which decays with its own half-life for the 3 h to noon: 3.695 kBq.
    expect(replayed.containers.get('Ge-68')).toBeCloseTo(2e8 * 2 ** (3600 / GA68) * 1e-5 * 0.5 ** (10_800 / GE68), 6);
    expect(replayed.containers.get('Ge-68')).toBeCloseTo(3695.25, 1);
  });

  it('counts a corrected move into a container as never made, and a released container until it left', () => {
    const { lines } = history();
    // 08:15: box-2's line is corrected at 08:30, yet it never counted; box-3 holds 1 GBq of 08:10.
    const early = replay(lines, '2026-11-20 08:15:00');
    expect(early.store.get('F-18')).toBeCloseTo(
      1e10 * 0.5 ** (4500 / (109.77 * 60)) - 1e9 * 0.5 ** (300 / (109.77 * 60)),
      0,
    );
    expect(early.containers.get('F-18')).toBeCloseTo(1e9 * 0.5 ** (300 / (109.77 * 60)), 0);
    expect([early.openItems, early.openContainers]).toEqual([2, 1]);
    // 11:00: box-3's material has left; F-18 is in no container.
    const released = replay(lines, '2026-11-20 11:00:00');
    expect(released.containers.has('F-18')).toBe(false);
    expect(replay(lines, '2026-11-20 10:59:59').containers.get('F-18')).toBeGreaterThan(0);
  });

  it('holds nothing before the first receipt, and an item only from when it arrived', () => {
    const { lines, items } = history();
    expect(replay(lines, '2026-11-01 00:00:00')).toEqual({
      store: new Map(),
      containers: new Map(),
      openItems: 0,
      openContainers: 0,
    });
    const beforeElution = replay(lines, '2026-11-20 08:59:59');
    expect(beforeElution.store.has('Ga-68')).toBe(false);
    expect(inStore(items[1]!, '2026-11-20 08:59:59')).toBeUndefined();
    expect(inStore(items[1]!, '2026-11-20 09:00:00')).toEqual({
      nuclide: 'Ga-68',
      activityBq: 1e9,
      at: '2026-11-20 09:00:00',
      impurities: [{ Nuclide: 'Ge-68', Fraction: 1e-5 }],
    });
  });
});

describe('an impurity that outlives its nuclide', () => {
  // Ge-68 (271 d) in a Ga-68 eluate (68 min): the container waits about 2.5 years for its Ge-68, while its Ga-68 is
  // gone within days. The Ge-68 is the breakthrough decayed with its own half-life, whatever is left of the Ga-68.
  const fraction = 1e-5 * 2 ** (3600 / GA68 - 3600 / GE68);
  const inBox = {
    nuclide: 'Ga-68',
    activityBq: 2e8,
    at: '2026-11-20 10:00:00',
    impurities: [{ Nuclide: 'Ge-68', Fraction: fraction }],
  };
  const sixtyDays = 60 * 86_400;

  it('is counted in a container two months on: its 3.7 kBq of Ge-68 decayed 60 days, 3.2 kBq', () => {
    const held: Activities = new Map();
    addAmount(held, inBox, '2027-01-19 10:00:00');
    expect(held.get('Ge-68')).toBeCloseTo(2e8 * fraction * 0.5 ** (sixtyDays / GE68), 3);
    expect(held.get('Ge-68')).toBeCloseTo(3170.1, 0);
  });

  it('is counted in store two months on, and in the book replayed for then', () => {
    const { lines } = history();
    const at = '2027-01-19 12:00:00';
    const replayed = replay(lines, at);
    // The generator's 1.85 GBq of 2 November, 78 d on; the eluate's 10 kBq of 09:00 on 20 November less the patients'
    // 4.078 kBq of 09:30, each decayed with Ge-68 (in store and in box-1 alike).
    const generator = 1.85e9 * 0.5 ** ((78 * 86_400) / GE68);
    const administered = 3e8 * 1e-5 * 2 ** (1800 / GA68 - 1800 / GE68);
    const eluate =
      1e4 * 0.5 ** ((sixtyDays + 3 * 3600) / GE68) - administered * 0.5 ** ((sixtyDays + 2.5 * 3600) / GE68);
    expect(replayed.store.get('Ge-68')! + replayed.containers.get('Ge-68')!).toBeCloseTo(generator + eluate, 1);
  });
});
