/** The streaming bucket rebuild of the sequence memory, page by page, over wrong stored buckets. */
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { finishRebuild, rebuildPage, startRebuild, type BucketScope } from '../../shared/data/sequence';
import { documentClient, runtime } from '../support/api';

const db = documentClient();
const table = () => runtime().tableName;
const stored = async (scope: BucketScope) =>
  ((await db.send(new QueryCommand({ TableName: table(), KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)', ExpressionAttributeValues: { ':pk': scope.pk, ':p': scope.prefix }, ConsistentRead: true }))).Items ?? [])
    .map((b) => ({ K: b.K, N: b.N, Latest: b.Latest ?? false }));

async function rebuild(scope: BucketScope, keys: string[], dryRun: boolean) {
  let state = startRebuild();
  for (let i = 0; i < keys.length; i += 37) state = await rebuildPage(db, table(), scope, state, keys.slice(i, i + 37), dryRun);
  return finishRebuild(db, table(), scope, state, dryRun);
}

describe('bucket rebuild', () => {
  it('turns any stored buckets into even slices, a page at a time, counting the drift; a dry run only counts', async () => {
    const scope = { pk: `TEST#${randomUUID()}`, prefix: 'PAGES#T#' };
    const keys = Array.from({ length: 250 }, (_, i) => `k${String(i).padStart(4, '0')}`);
    const put = (K: string, N: number, extra: Record<string, unknown> = {}) =>
      db.send(new PutCommand({ TableName: table(), Item: { PK: scope.pk, SK: `${scope.prefix}${K}`, Type: 'PageBucket', K, M: K, N, V: 3, ...extra } }));
    await put('', 90);            // wrong size
    await put('k0090', 160);      // wrong start: should not exist
    await put('k0200', 50);       // right
    await put('k0300', 5, { Latest: true }); // beyond the last key: extra

    const dry = await rebuild(scope, keys, true);
    expect(dry).toEqual({ drift: 4, buckets: 3 });
    expect(await stored(scope)).toHaveLength(4);

    const done = await rebuild(scope, keys, false);
    expect(done).toEqual({ drift: 4, buckets: 3 });
    expect(await stored(scope)).toEqual([
      { K: '', N: 100, Latest: false },
      { K: 'k0100', N: 100, Latest: false },
      { K: 'k0200', N: 50, Latest: true },
    ]);
    expect(await rebuild(scope, keys, false)).toEqual({ drift: 0, buckets: 3 });
    expect(await rebuild(scope, [], false)).toEqual({ drift: 3, buckets: 0 });
    expect(await stored(scope)).toEqual([]);
  });
});
