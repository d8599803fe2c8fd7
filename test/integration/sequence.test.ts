/**
 * Page buckets on DynamoDB Local (shared/data/sequence.ts): the stream writer's read of the buckets a change can touch.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { planBuckets } from '../../shared/data/bucket-plan';
import { bucketItem, readBucketsFrom } from '../../shared/data/sequence';
import { documentClient, runtime } from '../support/api';

const db = documentClient();
const table = () => runtime().tableName;

describe("the stream writer's read", () => {
  it('reads the buckets from the one holding a key upward, and no others', async () => {
    const scope = { pk: `TEST#${randomUUID()}`, prefix: 'PAGES#T#' };
    expect(await readBucketsFrom(db, table(), scope, 'c', true)).toEqual([]);
    const firstKeys = ['', 'b', 'd', 'f', 'h'];
    for (const K of firstKeys)
      await db.send(
        new PutCommand({
          TableName: table(),
          Item: bucketItem(scope, { firstKey: K, largestKey: `${K}z`, size: 100, version: 1 }),
        }),
      );
    const firstOf = async (key: string) =>
      (await readBucketsFrom(db, table(), scope, key, true)).map((b) => b.firstKey);
    expect(await firstOf('z')).toEqual(['h']);
    expect(await firstOf('h')).toEqual(['h']);
    expect(await firstOf('g')).toEqual(['f', 'h']);
    expect(await firstOf('c')).toEqual(['b', 'd', 'f', 'h']);
    expect(await firstOf('a')).toEqual(firstKeys);
    // What planBuckets makes of them is what it makes of the whole list, for any key at or above the one read from.
    for (const key of ['a', 'c', 'g', 'z']) {
      const changes = [
        { op: 'insert' as const, key },
        { op: 'remove' as const, key: `${key}1` },
      ];
      const all = await readBucketsFrom(db, table(), scope, '', true);
      expect(planBuckets(await readBucketsFrom(db, table(), scope, key, true), changes)).toEqual(
        planBuckets(all, changes),
      );
    }
  });
});
