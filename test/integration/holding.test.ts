/**
 * shared/data/holding.ts on DynamoDB Local: the containers of a facility that hold material of the book, read from
 * their `CONTAINERS#HOLDING` items with those contents, the facility's only; the container store answers the same.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { batchPut } from '../../shared/data/batch';
import { bookContentsItem } from '../../shared/data/container-items';
import { dynamoContainerStore } from '../../shared/data/containers';
import { dynamoHoldingStore, holdingContainers } from '../../shared/data/holding';
import type { ContentLink } from '../../shared/domain/container-contents';
import { documentClient, runtime } from '../support/api';

const db = documentClient();
const table = () => runtime().tableName;

const drawn = (id: string, nuclide: string, activity: number): ContentLink => ({
  kind: 'CYCLOTRON_PRODUCT',
  id,
  nuclide,
  uuid: randomUUID(),
  activity,
  activityDateTime: '2026-11-20 08:00:00',
  createdAt: '2026-11-20 08:05:00',
  createdBy: 'ada',
  impurities: [],
  impuritiesJustification: null,
  bookLine: randomUUID(),
});

describe('holdingContainers', () => {
  it("reads the facility's containers holding book material, with those contents, no other facility's", async () => {
    const tenant = { client: `c-${randomUUID()}`, facility: 'f1' };
    const other = { ...tenant, facility: 'f2' };
    const [a, b, elsewhere] = [randomUUID(), randomUUID(), randomUUID()];
    const aLinks = [drawn('item-1', 'F-18', 4e9), drawn('item-2', 'Ga-68', 1e8)];
    const bLinks = [drawn('item-3', 'Lu-177', 7.4e9)];
    await batchPut(db, table(), [
      bookContentsItem(tenant, a, aLinks),
      bookContentsItem(tenant, b, bLinks),
      bookContentsItem(other, elsewhere, [drawn('item-4', 'I-131', 1e6)]),
    ]);
    const held = await holdingContainers(db, table(), tenant);
    const sorted = [...held].sort((x, y) => x.container.localeCompare(y.container));
    const expected = [
      { container: a, ids: ['item-1', 'item-2'], activity: [4e9, 1e8] },
      { container: b, ids: ['item-3'], activity: [7.4e9] },
    ].sort((x, y) => x.container.localeCompare(y.container));
    expect(
      sorted.map((h) => ({
        container: h.container,
        ids: h.links.map((l) => l.id),
        activity: h.links.map((l) => l.activity),
      })),
    ).toEqual(expected);
    expect(sorted.find((h) => h.container === a)!.links[0]).toMatchObject({
      nuclide: 'F-18',
      activityDateTime: '2026-11-20 08:00:00',
      bookLine: aLinks[0]!.bookLine,
    });
    expect(await dynamoHoldingStore(db, table()).holding(tenant)).toEqual(held);
    expect(await dynamoContainerStore(db, table()).holding(tenant)).toEqual(held);
    expect((await holdingContainers(db, table(), other)).map((h) => h.container)).toEqual([elsewhere]);
  });
});
