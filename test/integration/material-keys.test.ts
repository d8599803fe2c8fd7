/**
 * shared/data/material-keys.ts: where an item lies in the indexes (its state's partition of GSI1, the facility's of
 * GSI2, both by receipt) and which page buckets it counts in (all the facility's items, and its state's), and on
 * DynamoDB Local the pages the change stream keeps from them: an item used up moves from the in-stock buckets to the
 * used-up ones, and a page deep in a listing is read from the buckets, newest receipt first.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dynamoMaterialStore } from '../../shared/data/material';
import { collectionOf, materialItem, materialMembership, orderKey } from '../../shared/data/material-keys';
import { NO_MEMBERSHIP } from '../../shared/data/sequence-writer';
import { indexKeys, keys } from '../../shared/data/table';
import type { MaterialItem } from '../../shared/domain/material';
import { type BookLine, chainBookLine, movementLine, receiptLine } from '../../shared/domain/material-book';
import { documentClient, eventually, runtime } from '../support/api';
import { storedItem } from '../support/memory/material';

const db = documentClient();
const store = () => dynamoMaterialStore(db, runtime().tableName);
const ada = { sub: 'ada', name: 'Ada Lovelace' };
type Tenant = { client: string; facility: string };

const itemOf = (tenant: Tenant, receivedAt: string, state: MaterialItem['State'] = 'IN_STOCK'): MaterialItem =>
  storedItem(tenant, receivedAt, { State: state });

describe('an item in the indexes', () => {
  const tenant = { client: 'c-1', facility: 'f-1' };
  const base = keys.tenant(tenant);

  it("lies under its state in GSI1 and with all the facility's items in GSI2, both by receipt", () => {
    const item = itemOf(tenant, '2026-11-20 10:00:00');
    const stored = materialItem(item);
    expect(stored).toMatchObject({
      ...item,
      PK: base,
      SK: `MATERIAL#${item.Uuid}`,
      Type: 'MaterialItem',
      G1PK: indexKeys.materialInState(base, 'IN_STOCK'),
      G1SK: `2026-11-20 10:00:00#${item.Uuid}`,
      G2PK: indexKeys.material(base),
      G2SK: `2026-11-20 10:00:00#${item.Uuid}`,
    });
    expect(orderKey(item)).toBe(stored.G1SK);
    expect(materialItem({ ...item, State: 'USED_UP' }).G1PK).toBe(indexKeys.materialInState(base, 'USED_UP'));
  });

  it("counts in the facility's buckets of all items and of its state; something else counts nowhere", () => {
    const item = itemOf(tenant, '2026-11-20 10:00:00');
    const key = `2026-11-20 10:00:00#${item.Uuid}`;
    expect(materialMembership(materialItem(item))).toEqual({
      counters: [],
      pages: [
        { scope: { pk: base, prefix: 'PAGES#MATERIAL#ALL#' }, key },
        { scope: { pk: base, prefix: 'PAGES#MATERIAL#STATE#IN_STOCK#' }, key },
      ],
    });
    expect(materialMembership(materialItem({ ...item, State: 'USED_UP' })).pages[1]!.scope.prefix).toBe(
      'PAGES#MATERIAL#STATE#USED_UP#',
    );
    expect([collectionOf(undefined), collectionOf('USED_UP')]).toEqual(['ALL', 'STATE#USED_UP']);
    expect(materialMembership({ PK: base, SK: 'MATERIAL#x', Type: 'MaterialItem' })).toEqual(NO_MEMBERSHIP);
  });
});

describe('the pages of items', () => {
  it(
    'follow the items through the change stream: a used-up item ' + 'moves to its state; a deep page reads the buckets',
    async () => {
      const tenant = { client: randomUUID(), facility: randomUUID() };
      const items = ['2026-11-20 08:00:00', '2026-11-20 10:00:00', '2026-11-20 09:00:00', '2026-11-20 11:00:00'].map(
        (at) => itemOf(tenant, at),
      );
      let head: string | null = null;
      for (const item of items) {
        const line: BookLine = chainBookLine(
          receiptLine({ lineUuid: item.LineUuid, at: '2026-11-20 12:00:00', by: 'ada', byName: null }, item, null),
          head,
        );
        await store().receive(item, { book: { line, previous: head }, licence: null, certificate: null, actor: ada });
        head = line.LineSha256;
      }
      // The item received at 09:00 is returned whole.
      const returned = items[2]!;
      const movement = {
        Uuid: randomUUID(),
        Kind: 'RETURNED' as const,
        ActivityBq: 1e10,
        MovedAt: returned.ReceivedAt,
        Portion: 1,
        Applications: null,
        ContainerUuid: null,
        Recipient: 'Cyclotron GmbH',
        Justification: null,
        MovedBy: 'ada',
        LineUuid: randomUUID(),
        CorrectedBy: null,
      };
      const usedUp: MaterialItem = { ...returned, Movements: [movement], State: 'USED_UP', Version: 2 };
      const line = chainBookLine(
        movementLine(
          { lineUuid: movement.LineUuid, at: '2026-11-20 12:00:01', by: 'ada', byName: null },
          usedUp,
          movement,
        ),
        head,
      );
      await store().move(returned, usedUp, { line, previous: head }, ada);
      // A page past the end counts from the buckets alone: they follow the stream to 4 items, 3 in stock, 1 used up.
      const settled = (state: MaterialItem['State'] | undefined, total: number) =>
        eventually(async () => ((await store().page(tenant, state, 10, 10)).total === total ? true : undefined));
      await Promise.all([settled(undefined, 4), settled('IN_STOCK', 3), settled('USED_UP', 1)]);
      const deep = await store().page(tenant, undefined, 1, 2);
      expect([deep.total, deep.items.map((i) => i.ReceivedAt)]).toEqual([
        4,
        ['2026-11-20 10:00:00', '2026-11-20 09:00:00'],
      ]);
      const open = await store().page(tenant, 'IN_STOCK', 2, 10);
      expect([open.total, open.items.map((i) => i.ReceivedAt)]).toEqual([3, ['2026-11-20 08:00:00']]);
      expect((await store().page(tenant, 'USED_UP', 0, 10)).items.map((i) => i.Uuid)).toEqual([returned.Uuid]);
      expect((await store().page(tenant, undefined, 0, 2)).items.map((i) => i.ReceivedAt)).toEqual([
        '2026-11-20 11:00:00',
        '2026-11-20 10:00:00',
      ]);
    },
  );
});
