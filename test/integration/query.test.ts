/** shared/data/query.ts on DynamoDB Local: a Query read or counted to its end, over more than one page of answers. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { batchPut } from '../../shared/data/batch';
import { queryAll, queryCount } from '../../shared/data/query';
import { documentClient, runtime } from '../support/api';

const db = documentClient();

describe('queryAll', () => {
  it('reads every page of a Query (7 items, 3 a page), in order, and nothing of another partition', async () => {
    const PK = `TEST#${randomUUID()}`;
    await batchPut(db, runtime().tableName, [
      ...Array.from({ length: 7 }, (_, i) => ({ PK, SK: `ITEM#${i}` })),
      { PK: `${PK}-other`, SK: 'ITEM#0' },
    ]);
    const items = await queryAll(db, runtime().tableName, {
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': PK },
      ConsistentRead: true,
      Limit: 3,
    });
    expect(items.map((i) => i.SK)).toEqual(Array.from({ length: 7 }, (_, i) => `ITEM#${i}`));
  });
});

describe('queryCount', () => {
  it('counts every page of a Query (7 items, 3 a page) and nothing of another partition', async () => {
    const PK = `TEST#${randomUUID()}`;
    await batchPut(db, runtime().tableName, [
      ...Array.from({ length: 7 }, (_, i) => ({ PK, SK: `ITEM#${i}` })),
      { PK: `${PK}-other`, SK: 'ITEM#0' },
    ]);
    const count = (pk: string) =>
      queryCount(db, runtime().tableName, {
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ConsistentRead: true,
        Limit: 3,
      });
    expect([await count(PK), await count(`${PK}-other`), await count(`${PK}-none`)]).toEqual([7, 1, 0]);
  });
});
