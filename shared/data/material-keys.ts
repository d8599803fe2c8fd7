/**
 * Where a material item lies in the table's indexes and the sequence memory: its keys (GSI1 by state, GSI2 all of the
 * facility's, by receipt) and the page buckets it counts in. Apart from the store, so the stream function that keeps
 * the buckets bundles no more of the material book than this.
 */
import type { MaterialItem, MaterialState } from '../domain/material';
import { NO_MEMBERSHIP, type Membership } from './sequence-writer';
import { indexKeys, ITEM_TYPES, keys } from './table';

/** Where an item sorts in its listings: by its receipt, newest first. */
export const orderKey = (item: Pick<MaterialItem, 'ReceivedAt' | 'Uuid'>) => `${item.ReceivedAt}#${item.Uuid}`;

/**
 * An item as stored: keyed by its facility; in GSI1 under its state (the in-stock partition holds the open items
 * only, whatever the history) and in GSI2 with all the facility's items, both by receipt.
 */
export const materialItem = (item: MaterialItem): Record<string, unknown> => {
  const base = keys.tenant({ client: item.Client, facility: item.Facility });
  return {
    PK: base,
    SK: keys.material(item.Uuid),
    Type: ITEM_TYPES.materialItem,
    ...item,
    G1PK: indexKeys.materialInState(base, item.State),
    G1SK: orderKey(item),
    G2PK: indexKeys.material(base),
    G2SK: orderKey(item),
  };
};

/** The listings of items: all of them, or those of a state. */
export const collectionOf = (state: MaterialState | undefined) => (state ? `STATE#${state}` : 'ALL');

/** The page buckets a stored item counts in (for the stream's sequence writer): all, and its state's. */
export function materialMembership(item: Record<string, unknown>): Membership {
  if (typeof item.G1SK !== 'string' || typeof item.State !== 'string') return NO_MEMBERSHIP;
  const pk = String(item.PK);
  return {
    counters: [],
    pages: [undefined, item.State as MaterialState].map((state) => ({
      scope: { pk, prefix: keys.materialPagesPrefix(collectionOf(state)) },
      key: item.G1SK as string,
    })),
  };
}
