/**
 * shared/data/batch.ts on DynamoDB Local: more keys and writes than one batch takes (100 reads, 25 writes), each
 * item read once, what exists found.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { batchGet, batchPut, batchWrite } from '../../shared/data/batch';
import { queryAll } from '../../shared/data/query';
import { documentClient, runtime } from '../support/api';

const db = documentClient();
const table = () => runtime().tableName;

describe('batches', () => {
  it('put 260 items 25 at a time and read them back 100 at a time, duplicates once, missing ones not', async () => {
    const PK = `TEST#${randomUUID()}`;
    const items = Array.from({ length: 260 }, (_, i) => ({ PK, SK: `ITEM#${String(i).padStart(3, '0')}`, N: i }));
    await batchPut(db, table(), items);
    const keys = [...items, items[0]!, { PK, SK: 'ITEM#missing' }].map(({ PK, SK }) => ({ PK, SK }));
    const found = await batchGet(db, table(), keys, { consistent: true });
    expect(found).toHaveLength(260);
    expect(new Set(found.map((f) => f.N))).toEqual(new Set(items.map((i) => i.N)));
    const projected = await batchGet(db, table(), keys.slice(0, 2), {
      projection: 'PK, SK, #n',
      names: { '#n': 'N' },
      consistent: true,
    });
    expect(projected.map((p) => Object.keys(p).sort())).toEqual([
      ['N', 'PK', 'SK'],
      ['N', 'PK', 'SK'],
    ]);
  });

  it('delete as they put', async () => {
    const PK = `TEST#${randomUUID()}`;
    const items = Array.from({ length: 30 }, (_, i) => ({ PK, SK: `ITEM#${i}` }));
    await batchPut(db, table(), items);
    await batchWrite(
      db,
      table(),
      items.slice(0, 28).map((Key) => ({ DeleteRequest: { Key } })),
    );
    const left = await queryAll(db, table(), {
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': PK },
      ConsistentRead: true,
    });
    expect(left.map((i) => i.SK).sort()).toEqual(['ITEM#28', 'ITEM#29']);
  });
});
