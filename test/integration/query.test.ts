/** shared/data/query.ts on DynamoDB Local: a Query read or counted to its end, over more than one page of answers. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { batchPut } from '../../shared/data/batch';
import { queryAll, queryCount } from '../../shared/data/query';
import { documentClient, runtime } from '../support/api';

const db = documentClient();

/** A partition of 7 items and its neighbour of 1; the Query of a partition, 3 items a page. */
async function seeded() {
  const PK = `TEST#${randomUUID()}`;
  await batchPut(db, runtime().tableName, [
    ...Array.from({ length: 7 }, (_, i) => ({ PK, SK: `ITEM#${i}` })),
    { PK: `${PK}-other`, SK: 'ITEM#0' },
  ]);
  const query = (pk: string) => ({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': pk },
    ConsistentRead: true,
    Limit: 3,
  });
  return { PK, query };
}

describe('queryAll', () => {
  it('reads every page of a Query (7 items, 3 a page), in order, and nothing of another partition', async () => {
    const { PK, query } = await seeded();
    const items = await queryAll(db, runtime().tableName, query(PK));
    expect(items.map((i) => i.SK)).toEqual(Array.from({ length: 7 }, (_, i) => `ITEM#${i}`));
  });
});

describe('queryCount', () => {
  it('counts every page of a Query (7 items, 3 a page) and nothing of another partition', async () => {
    const { PK, query } = await seeded();
    const count = (pk: string) => queryCount(db, runtime().tableName, query(pk));
    expect([await count(PK), await count(`${PK}-other`), await count(`${PK}-none`)]).toEqual([7, 1, 0]);
  });
});
