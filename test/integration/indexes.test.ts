/**
 * shared/data/indexes.ts on DynamoDB Local: one partition of an index, and an index read newest first, up to a limit,
 * before a key, filtered.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { batchPut } from '../../shared/data/batch';
import { indexPartition, queryNewestFirst } from '../../shared/data/indexes';
import { queryAll } from '../../shared/data/query';
import { documentClient, runtime } from '../support/api';

const db = documentClient();
const table = () => runtime().tableName;

describe('queryNewestFirst', () => {
  it('reads the newest items first, up to the limit, those before a key, and those a filter keeps', async () => {
    const G1PK = `TEST#${randomUUID()}`;
    await batchPut(
      db,
      table(),
      Array.from({ length: 250 }, (_, i) => ({
        PK: `${G1PK}#${i}`,
        SK: 'ITEM',
        G1PK,
        G1SK: String(i).padStart(3, '0'),
        Colour: i % 50 === 0 ? 'red' : 'blue',
      })),
    );
    const read = (q: { limit: number; before?: string; filter?: { attribute: string; value: string } }) =>
      queryNewestFirst(db, table(), { index: 'GSI1', pk: G1PK, ...q }, (item) => item.G1SK as string);
    expect(await read({ limit: 3 })).toEqual(['249', '248', '247']);
    expect(await read({ limit: 2, before: '100' })).toEqual(['099', '098']);
    // Five red items among 250: a filtered read goes on past its first page until it has them.
    expect(await read({ limit: 10, filter: { attribute: 'Colour', value: 'red' } })).toEqual([
      '200',
      '150',
      '100',
      '050',
      '000',
    ]);
  });
});

describe('indexPartition', () => {
  it("reads one partition of the index it names, by that index's own key attribute", async () => {
    const key = `TEST#${randomUUID()}`;
    await batchPut(db, table(), [
      { PK: `${key}#1`, SK: 'ITEM', G1PK: key, G1SK: '1' },
      { PK: `${key}#2`, SK: 'ITEM', G1PK: key, G1SK: '2' },
      { PK: `${key}#3`, SK: 'ITEM', G2PK: key, G2SK: '3' },
    ]);
    const sortKeys = async (index: 'GSI1' | 'GSI2') =>
      (await queryAll(db, table(), indexPartition(index, key))).map((i) => i.G1SK ?? i.G2SK);
    expect([await sortKeys('GSI1'), await sortKeys('GSI2')]).toEqual([['1', '2'], ['3']]);
  });
});
