/**
 * shared/data/sharded-index.ts on DynamoDB Local: items of a write-sharded cross-tenant partition land in their shards
 * by their id and are read back from every shard at once, up to a bound of their sort key.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { shardedIndex } from '../../shared/data/sharded-index';
import { documentClient, runtime } from '../support/api';

const db = documentClient();

describe('a sharded index', () => {
  it('reads every shard up to a bound, below it or up to it, with a projection', async () => {
    const pending = shardedIndex('archivePending', 4);
    // A time far ahead of anything the other test files write, so the shards hold only these up to it.
    const run = `9998-01-01 00:00:${String(Math.floor(Math.random() * 60)).padStart(2, '0')}#${randomUUID()}`;
    const ids = Array.from({ length: 12 }, (_, i) => `${run}-${String(i).padStart(2, '0')}`);
    const shards = new Set(ids.map((id) => Object.values(pending.keysOf(id, id))[0]));
    expect(shards.size).toBeGreaterThan(1);
    for (const id of ids)
      await db.send(
        new PutCommand({
          TableName: runtime().tableName,
          Item: { PK: `TEST#${id}`, SK: 'X', Id: id, ...pending.keysOf(id, id) },
        }),
      );
    const mine = (items: Record<string, unknown>[]) =>
      items.map((i) => String(i.Id)).filter((id) => id.startsWith(run));
    expect(mine(await pending.query(db, runtime().tableName, { upTo: ids[5]! })).sort()).toEqual(ids.slice(0, 6));
    expect(mine(await pending.query(db, runtime().tableName, { below: ids[5]! })).sort()).toEqual(ids.slice(0, 5));
    const projected = await pending.query(
      db,
      runtime().tableName,
      { upTo: ids[0]! },
      {
        expression: '#id',
        names: { '#id': 'Id' },
      },
    );
    expect(projected.filter((i) => i.Id === ids[0])).toEqual([{ Id: ids[0] }]);
  });
});
