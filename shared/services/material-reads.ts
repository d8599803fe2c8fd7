/**
 * The material book as its readers see it: an item, the facility's items (all of them, or a page), an item's
 * movements. Nothing here writes, keeps a locked copy or reads the containers, so the functions that only read the
 * items wire these over the items alone (functions/commons/material.ts), without the records bucket's client or the
 * containers' store; the stock at a moment is shared/services/material-stock.ts, and the material service answers the
 * same reads beside its writes.
 */
import type { MaterialStore } from '../data/material';
import type { Tenant } from '../data/table';
import type { MaterialItem } from '../domain/material';
import { type MaterialModel, type MovementModel, toMaterialModel, toMovementModel } from '../domain/material-model';
import { formatTimestamp } from '../domain/time';
import { notFound } from '../errors';

/** An item of the facility's book (404 `material.not_found` without one); `consistent` for a write's read. */
export async function mustLoadItem(
  store: Pick<MaterialStore, 'get'>,
  tenant: Tenant,
  uuid: string,
  consistent = false,
): Promise<MaterialItem> {
  const item = await store.get(tenant, uuid, { consistent });
  if (!item) throw notFound('material.not_found');
  return item;
}

/** At most this many items in the whole listing (a Warning beyond: the pages list them all). */
export const MATERIAL_LIST_CAP = 1000;

export function materialReads(
  store: Pick<MaterialStore, 'get' | 'names' | 'inStock' | 'list' | 'page'>,
  clock: () => Date = () => new Date(),
) {
  return {
    async load(tenant: Tenant, uuid: string): Promise<MaterialModel> {
      const item = await mustLoadItem(store, tenant, uuid);
      const names = await store.names(tenant.client, [item.ReceivedBy]);
      return toMaterialModel(item, names, formatTimestamp(clock()));
    },

    /** The facility's items, oldest receipt first; `state` narrows them (IN_STOCK reads the open items only). */
    async list(tenant: Tenant, state: MaterialItem['State'] | undefined) {
      const items =
        state === 'IN_STOCK'
          ? (await store.inStock(tenant)).sort((a, b) =>
              `${a.ReceivedAt}#${a.Uuid}`.localeCompare(`${b.ReceivedAt}#${b.Uuid}`),
            )
          : (await store.list(tenant)).filter((i) => state === undefined || i.State === state);
      const names = await store.names(tenant.client, [...new Set(items.map((i) => i.ReceivedBy))]);
      const at = formatTimestamp(clock());
      return items.map((i) => toMaterialModel(i, names, at));
    },

    /** A page of the facility's items, newest receipt first; `state` narrows them. */
    async page(tenant: Tenant, state: MaterialItem['State'] | undefined, window: { offset: number; limit: number }) {
      const { total, items } = await store.page(tenant, state, window.offset, window.limit);
      const names = await store.names(tenant.client, [...new Set(items.map((i) => i.ReceivedBy))]);
      const at = formatTimestamp(clock());
      return { total, items: items.map((i) => toMaterialModel(i, names, at)) };
    },

    /** An item's movements, oldest first (corrected ones say so). */
    async movements(tenant: Tenant, uuid: string): Promise<MovementModel[]> {
      const item = await mustLoadItem(store, tenant, uuid);
      const names = await store.names(tenant.client, [...new Set(item.Movements.map((m) => m.MovedBy))]);
      return item.Movements.map((m) => toMovementModel(item, m, names));
    },
  };
}
export type MaterialReads = ReturnType<typeof materialReads>;
