/**
 * The page buckets checked against the items on DynamoDB Local, page by page (shared/data/bucket-verify.ts,
 * regenerateSequenceMemory's bucket check): only wrong buckets are corrected; a dry run only counts.
 */
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { finishVerify, startVerify, verifyPage } from '../../shared/data/bucket-verify';
import type { BucketScope } from '../../shared/data/sequence';
import { documentClient, runtime } from '../support/api';

const db = documentClient();
const table = () => runtime().tableName;
const stored = async (scope: BucketScope) =>
  (
    (
      await db.send(
        new QueryCommand({
          TableName: table(),
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
          ExpressionAttributeValues: { ':pk': scope.pk, ':p': scope.prefix },
          ConsistentRead: true,
        }),
      )
    ).Items ?? []
  ).map((b) => ({ K: b.K, N: b.N, V: b.V }));

async function verify(scope: BucketScope, keys: string[], dryRun: boolean) {
  let state = startVerify();
  for (let i = 0; i < keys.length; i += 37)
    state = await verifyPage(db, table(), scope, state, keys.slice(i, i + 37), dryRun);
  return finishVerify(db, table(), scope, state, dryRun);
}

describe('bucket check', () => {
  it(
    'corrects only the buckets whose size is wrong, a page at a time; correct ones keep their version; a dry run ' +
      'only ' +
      'counts',
    async () => {
      const scope = { pk: `TEST#${randomUUID()}`, prefix: 'PAGES#T#' };
      const keys = Array.from({ length: 250 }, (_, i) => `k${String(i).padStart(4, '0')}`);
      const put = (K: string, N: number) =>
        db.send(
          new PutCommand({
            TableName: table(),
            Item: { PK: scope.pk, SK: `${scope.prefix}${K}`, Type: 'PageBucket', K, M: K, N, V: 3 },
          }),
        );
      await put('', 90); // holds k0000..k0089: right, if short
      await put('k0090', 150); // holds k0090..k0199: 110, wrong
      await put('k0200', 50); // right
      await put('k0300', 5); // beyond the last key: holds nothing, wrong

      const dry = await verify(scope, keys, true);
      expect(dry).toEqual({ drift: 2, buckets: 3 });
      expect((await stored(scope)).map((b) => b.N)).toEqual([90, 150, 50, 5]);

      expect(await verify(scope, keys, false)).toEqual({ drift: 2, buckets: 3 });
      expect(await stored(scope)).toEqual([
        { K: '', N: 90, V: 3 },
        { K: 'k0090', N: 110, V: 4 },
        { K: 'k0200', N: 50, V: 3 },
        { K: 'k0300', N: 0, V: 4 },
      ]);
      expect(await verify(scope, keys, false)).toEqual({ drift: 0, buckets: 3 });
      // Every item gone: every bucket that counted some is wrong.
      expect(await verify(scope, [], false)).toEqual({ drift: 3, buckets: 0 });
    },
  );

  it('creates the first bucket of a collection that has items and none', async () => {
    const scope = { pk: `TEST#${randomUUID()}`, prefix: 'PAGES#T#' };
    expect(await verify(scope, ['a', 'b', 'c'], false)).toEqual({ drift: 1, buckets: 1 });
    expect(await stored(scope)).toEqual([{ K: '', N: 3, V: 1 }]);
  });
});
