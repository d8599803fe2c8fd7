/**
 * What the facility holds of radioactive material at a moment, per nuclide: the open items in store and the book
 * contents of the containers whose material has not left it. Now it is read from what is open (and what moved since,
 * for a moment shortly past: a receipt booked late is checked against it); a past moment is replayed from the book's
 * lines. The stock answers it against the licence in force then; a booking checks the licence against it
 * (shared/services/material.ts).
 */
import type { MaterialStore } from '../data/material';
import type { Tenant } from '../data/table';
import { licenceAt } from '../domain/licence';
import type { BookLine } from '../domain/material-book';
import { type Activities, addAmount, type Amount, replay, type Stock, stockOf, storeOf } from '../domain/stock';
import { formatTimestamp, isInTheFuture, LATEST_TIMESTAMP } from '../domain/time';
import { futureDetail } from '../domain/container-contents';
import { badRequest } from '../errors';

/** A content drawn from the book in a container whose material has not left the facility, as the stock counts it. */
export type HeldAmount = Amount & { container: string; item: string };

/** The book contents of the facility's containers whose material has not left it: the stock's part in containers. */
export interface HoldingReader {
  holding(tenant: Tenant): Promise<{ containers: number; amounts: HeldAmount[] }>;
}

/** The book's lines: every year's (a past moment replayed), and those booked in a span (oldest first). */
export interface BookReader {
  all(tenant: Tenant): Promise<BookLine[]>;
  between(tenant: Tenant, from: string, until: string): Promise<BookLine[]>;
}

/** What the facility held at a moment: in store and in containers per nuclide; its open items and containers. */
export interface Held {
  store: Activities;
  containers: Activities;
  counts: { openItems: number; openContainers: number };
}

export function materialStock(
  store: Pick<MaterialStore, 'inStock' | 'getMany' | 'licences'>,
  containers: HoldingReader,
  book: BookReader,
  clock: () => Date = () => new Date(),
) {
  /**
   * What the facility held at `at`, now or a moment ago (a receipt booked late), per nuclide: the open items and the
   * containers holding material, with what the lines booked since `at` did undone: an item used up since is read
   * and counted as it was then, a content moved into a container since is in store then, a container that left
   * since still holds its material then. It reads what is open and what moved since `at`, not the history.
   */
  async function heldAt(tenant: Tenant, at: string): Promise<Held> {
    const now = formatTimestamp(clock());
    const [items, holding, since] = await Promise.all([
      store.inStock(tenant),
      containers.holding(tenant),
      at < now ? book.between(tenant, at, LATEST_TIMESTAMP) : Promise.resolve([]),
    ]);
    const later = since.filter((l) => l.OccurredAt > at);
    const open = new Set(items.map((i) => i.Uuid));
    const touched = [...new Set(later.flatMap((l) => (l.ItemUuid && !open.has(l.ItemUuid) ? [l.ItemUuid] : [])))];
    const gone = touched.length ? await store.getMany(tenant, touched) : [];
    const movedInLater = new Set(
      later.filter((l) => l.Entry === 'TO_CONTAINER').map((l) => `${l.ContainerUuid}#${l.ItemUuid}`),
    );
    const inContainers: Activities = new Map();
    for (const amount of holding.amounts)
      if (!movedInLater.has(`${amount.container}#${amount.item}`)) addAmount(inContainers, amount, at);
    for (const left of later.filter((l) => l.Contents !== null))
      for (const content of left.Contents!)
        if (!movedInLater.has(`${left.ContainerUuid}#${content.ItemUuid}`))
          addAmount(
            inContainers,
            { nuclide: content.Nuclide, activityBq: content.ActivityBq, at: left.OccurredAt, impurities: null },
            at,
          );
    return {
      store: storeOf([...items, ...gone], at),
      containers: inContainers,
      counts: { openItems: items.length, openContainers: holding.containers },
    };
  }

  return {
    heldAt,

    /**
     * The stock at `at` (now when left out): now from the open items and the containers holding material; at a past
     * moment replayed from the book's lines.
     */
    async stock(tenant: Tenant, at: string | undefined): Promise<Stock> {
      const now = formatTimestamp(clock());
      const moment = at ?? now;
      if (isInTheFuture(moment, clock())) throw badRequest([futureDetail('at')]);
      const licence = licenceAt(await store.licences(tenant), moment);
      if (at === undefined || at >= now) {
        const held = await heldAt(tenant, moment);
        return stockOf(moment, held.store, held.containers, licence, held.counts);
      }
      const replayed = replay(await book.all(tenant), moment);
      return stockOf(moment, replayed.store, replayed.containers, licence, {
        openItems: replayed.openItems,
        openContainers: replayed.openContainers,
      });
    },
  };
}
export type MaterialStock = ReturnType<typeof materialStock>;
