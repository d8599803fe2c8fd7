/**
 * The facility's stock of radioactive material at a moment, per nuclide: what is in store (each open item's
 * remainder, its impurities with it), what lies in waste containers not yet released or dispatched (each content
 * drawn from the book, decayed from when it was moved), their total, and against the licence in force then its
 * limit, the ratio, and under the sum rule the sum of ratios. Now it is derived from the open items and the
 * unreleased containers; at a past moment by replaying the book's lines. Pure: no AWS, no HTTP.
 */
import { HALF_LIVES } from './decay';
import { type Licence, limitOf } from './licence';
import { activityAt, type MaterialItem, type Movement, shareLeftAt, shareOfItem } from './material';
import type { BookLine } from './material-book';
import { CLEARANCE, KNOWN_NUCLIDES } from './nuclides';

/**
 * An amount of material known at a time: its nuclide's activity then, and its impurities as fractions of it then (a
 * share of an item is stated at the item's reference time: shareOfItem).
 */
export interface Amount {
  nuclide: string;
  activityBq: number;
  at: string;
  impurities: readonly { Nuclide: string; Fraction: number }[] | null;
}

/** Bq per nuclide. */
export type Activities = Map<string, number>;

/** Adds `amount` decayed to `at` to `into`: its nuclide, and each impurity decayed with its own half-life. */
export function addAmount(into: Activities, amount: Amount, at: string): void {
  const add = (nuclide: string, bq: number) => into.set(nuclide, (into.get(nuclide) ?? 0) + bq);
  add(amount.nuclide, activityAt(amount.nuclide, amount.activityBq, amount.at, at));
  for (const i of amount.impurities ?? [])
    add(i.Nuclide, activityAt(i.Nuclide, amount.activityBq * i.Fraction, amount.at, at));
}

/** What an item holds in store at `at` (nothing before it arrived): the share no movement took by then. */
export function inStore(
  item: Pick<MaterialItem, 'Nuclide' | 'ActivityBq' | 'ActivityDateTime' | 'ReceivedAt' | 'Impurities' | 'Movements'>,
  at: string,
): Amount | undefined {
  if (item.ReceivedAt > at) return undefined;
  return shareOfItem(item, shareLeftAt(item, at));
}

/** A nuclide's line of the stock. */
export interface StockNuclide {
  Nuclide: string;
  /** The row of Anlage 4 Tabelle 1 it counts under (a `+` row covers its daughters); null when none. */
  Row: string | null;
  HalfLifeSeconds: number | null;
  InStoreBq: number;
  InContainersBq: number;
  TotalBq: number;
  /** The licence's limit; 0 for a nuclide it does not name; null without a licence in force. */
  MaxActivityBq: number | null;
  Ratio: number | null;
}

/** The stock at a moment, against the licence in force then. */
export interface Stock {
  At: string;
  LicenceUuid: string | null;
  LicenceFileNumber: string | null;
  SumRule: boolean;
  Nuclides: StockNuclide[];
  /** Under the licence's sum rule: the sum over its nuclides of total over limit; else null. */
  SumOfRatios: number | null;
  OpenItems: number;
  OpenContainers: number;
}

const CATALOGUE_ORDER = new Map(KNOWN_NUCLIDES.map((n, i) => [n, i]));

/** The stock from what is in store and in containers at `at`, against `licence` (undefined: none in force). */
export function stockOf(
  at: string,
  store: Activities,
  containers: Activities,
  licence: Pick<Licence, 'Uuid' | 'FileNumber' | 'Limits' | 'SumRule'> | undefined,
  counts: { openItems: number; openContainers: number },
): Stock {
  const nuclides = [
    ...new Set([...store.keys(), ...containers.keys(), ...(licence?.Limits ?? []).map((l) => l.Nuclide)]),
  ]
    .sort((a, b) => (CATALOGUE_ORDER.get(a) ?? 1e9) - (CATALOGUE_ORDER.get(b) ?? 1e9) || a.localeCompare(b))
    .map((nuclide): StockNuclide => {
      const inStoreBq = store.get(nuclide) ?? 0;
      const inContainersBq = containers.get(nuclide) ?? 0;
      const total = inStoreBq + inContainersBq;
      const limit = licence ? limitOf(licence, nuclide) : null;
      return {
        Nuclide: nuclide,
        Row: CLEARANCE[nuclide]?.row ?? null,
        HalfLifeSeconds: HALF_LIVES[nuclide] ?? null,
        InStoreBq: inStoreBq,
        InContainersBq: inContainersBq,
        TotalBq: total,
        MaxActivityBq: limit,
        Ratio: limit === null ? null : limit === 0 ? (total > 0 ? null : 0) : total / limit,
      };
    });
  const sum =
    licence?.SumRule === true
      ? licence.Limits.reduce(
          (s, l) => s + (nuclides.find((n) => n.Nuclide === l.Nuclide)?.TotalBq ?? 0) / l.MaxActivityBq,
          0,
        )
      : null;
  return {
    At: at,
    LicenceUuid: licence?.Uuid ?? null,
    LicenceFileNumber: licence?.FileNumber ?? null,
    SumRule: licence?.SumRule ?? false,
    Nuclides: nuclides,
    SumOfRatios: sum,
    OpenItems: counts.openItems,
    OpenContainers: counts.openContainers,
  };
}

/** The totals per nuclide (in store and in containers) of a stock, for a licence check. */
export const totalsOf = (store: Activities, containers: Activities): Activities => {
  const total = new Map(store);
  for (const [n, bq] of containers) total.set(n, (total.get(n) ?? 0) + bq);
  return total;
};

/**
 * What the book holds for `at`, replayed from its lines: what was in store and what lay in containers not yet gone at
 * that moment, by the times things happened. Every line counts, whenever it was booked, and a correction takes the
 * line it corrects out altogether (the book was wrong, not the material moved back).
 */
export function replay(
  lines: readonly BookLine[],
  at: string,
): { store: Activities; containers: Activities; openItems: number; openContainers: number } {
  const corrected = new Set(lines.filter((l) => l.Entry === 'CORRECTION').map((l) => l.Corrects));
  const items = new Map<
    string,
    Pick<MaterialItem, 'Nuclide' | 'ActivityBq' | 'ActivityDateTime' | 'ReceivedAt' | 'Impurities' | 'Movements'>
  >();
  /** The time each container's material left the facility. */
  const left = new Map<string, string>();
  const moves: { item: string; line: BookLine }[] = [];
  for (const line of lines) {
    if (line.Entry === 'RECEIPT' || line.Entry === 'ELUTION')
      items.set(line.ItemUuid!, {
        Nuclide: line.Nuclide!,
        ActivityBq: line.ActivityBq!,
        ActivityDateTime: line.ActivityDateTime!,
        ReceivedAt: line.OccurredAt,
        Impurities: line.Impurities,
        Movements: [],
      });
    else if (line.Entry === 'RELEASED' || line.Entry === 'DISPATCHED') left.set(line.ContainerUuid!, line.OccurredAt);
    else if (line.Entry !== 'CORRECTION' && !corrected.has(line.LineUuid)) moves.push({ item: line.ItemUuid!, line });
  }
  for (const { item, line } of moves)
    items.get(item)?.Movements.push({
      ActivityBq: line.ActivityBq!,
      MovedAt: line.OccurredAt,
      Portion: line.Portion!,
      CorrectedBy: null,
    } as Movement);
  const store: Activities = new Map();
  const containers: Activities = new Map();
  let openItems = 0;
  for (const item of items.values()) {
    const amount = inStore(item, at);
    if (!amount) continue;
    if (shareLeftAt(item, at) > 0) openItems++;
    addAmount(store, amount, at);
  }
  const holding = new Set<string>();
  for (const { item, line } of moves) {
    const source = items.get(item);
    if (line.Entry !== 'TO_CONTAINER' || !source || line.OccurredAt > at) continue;
    const gone = left.get(line.ContainerUuid!);
    if (gone !== undefined && gone <= at) continue;
    holding.add(line.ContainerUuid!);
    addAmount(containers, shareOfItem(source, line.Portion!), at);
  }
  return { store, containers, openItems, openContainers: holding.size };
}

/** What the open items hold in store at `at`. */
export function storeOf(items: readonly MaterialItem[], at: string): Activities {
  const store: Activities = new Map();
  for (const item of items) {
    const amount = inStore(item, at);
    if (amount) addAmount(store, amount, at);
  }
  return store;
}
