/**
 * The "sequence memory" of DESIGN §4, for any collection ordered by a string key: counts and deep
 * pages without reading the items.
 *
 * - A counter item (`ADD N`) counts a collection that is listed whole.
 * - Page buckets cut a paginated collection into consecutive slices of its order, each an item with
 *   its first key `K`, its exact size `N`, the largest key it has seen `M` and a version `V`. The
 *   first bucket starts at the empty key, so it holds everything older than the next one and
 *   concurrent first writers meet on the same item. A new bucket opens only after the newest one
 *   holds PAGE_BUCKET_SIZE items, above every key it has seen, together with a versioned write of
 *   that bucket: no slice changes under a writer that read it. An item landing inside an older slice
 *   (an import, a changed date) grows that slice; regenerateSequenceMemory evens them out.
 * - A page adds up the small bucket items (newest first) to find the slice holding its first item,
 *   then reads from that slice's upper bound: it never reads the items before it.
 *
 * Writers put the returned items into the same transaction as the item they count, and retry the
 * whole read-plan-write cycle (`withRetry`) when a bucket changed meanwhile.
 */
import { QueryCommand, type DynamoDBDocumentClient, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { batchWrite } from './batch';
import { locateOffset } from '../domain/collection';
import { backoff, ConditionFailedError, type TransactWriteItem } from './transact';

export const PAGE_BUCKET_SIZE = 100;

/** Where a paginated collection keeps its buckets: a partition and a sort-key prefix. */
export interface BucketScope {
  pk: string;
  prefix: string;
}

interface Bucket {
  SK: string;
  K: string;
  M: string;
  N: number;
  V: number;
  Latest?: boolean;
}

const ATTEMPTS = 12;

/**
 * Retries a read-plan-write cycle when a condition of its transaction fails. A failure of the first
 * item (the counted item itself: it exists already, or changed) is the caller's, not retried.
 */
export async function withRetry(attempt: () => Promise<void>): Promise<void> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof ConditionFailedError) || i >= ATTEMPTS || error.reasons[0] === 'ConditionalCheckFailed') throw error;
      await backoff(i);
    }
  }
}

async function readBuckets(db: DynamoDBDocumentClient, tableName: string, scope: BucketScope, consistent = false): Promise<Bucket[]> {
  const found: Bucket[] = [];
  let ExclusiveStartKey: QueryCommandInput['ExclusiveStartKey'];
  do {
    const out = await db.send(new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': scope.pk, ':prefix': scope.prefix },
      ConsistentRead: consistent,
      ExclusiveStartKey,
    }));
    found.push(...((out.Items ?? []) as Bucket[]));
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return found;
}

const bucketItem = (scope: BucketScope, bucket: Omit<Bucket, 'SK'>) => ({
  PK: scope.pk,
  SK: `${scope.prefix}${bucket.K}`,
  Type: 'PageBucket',
  ...bucket,
});

export function sequenceMemory(db: DynamoDBDocumentClient, tableName: string) {
  const buckets = (scope: BucketScope, consistent = false) => readBuckets(db, tableName, scope, consistent);

  /** The bucket whose slice holds `key`: the last one starting at or before it. */
  async function bucketFor(scope: BucketScope, key: string): Promise<Bucket | undefined> {
    const out = await db.send(new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :prefix AND :upto',
      ExpressionAttributeValues: { ':pk': scope.pk, ':prefix': scope.prefix, ':upto': `${scope.prefix}${key}` },
      ScanIndexForward: false,
      Limit: 1,
      ConsistentRead: true,
    }));
    return out.Items?.[0] as Bucket | undefined;
  }

  const update = (scope: BucketScope, bucket: Bucket, expression: string, values: Record<string, unknown> = {}): TransactWriteItem => ({
    Update: {
      TableName: tableName,
      Key: { PK: scope.pk, SK: bucket.SK },
      UpdateExpression: expression,
      ConditionExpression: 'V = :v',
      ExpressionAttributeValues: { ':v': bucket.V, ':one': 1, ...values },
    },
  });

  /** The bucket writes that count one more item with `key`. */
  async function insertInto(scope: BucketScope, key: string): Promise<TransactWriteItem[]> {
    const bucket = await bucketFor(scope, key);
    if (!bucket) {
      return [{ Put: { TableName: tableName, Item: bucketItem(scope, { K: '', M: key, N: 1, V: 1, Latest: true }), ConditionExpression: 'attribute_not_exists(SK)' } }];
    }
    if (bucket.Latest && bucket.N >= PAGE_BUCKET_SIZE && key > bucket.M) {
      return [
        update(scope, bucket, 'REMOVE Latest SET V = V + :one'),
        { Put: { TableName: tableName, Item: bucketItem(scope, { K: key, M: key, N: 1, V: 1, Latest: true }), ConditionExpression: 'attribute_not_exists(SK)' } },
      ];
    }
    return [update(scope, bucket, 'SET N = N + :one, M = :m, V = V + :one', { ':m': key > bucket.M ? key : bucket.M })];
  }

  /** The bucket write that counts one item with `key` out. */
  async function removeFrom(scope: BucketScope, key: string): Promise<TransactWriteItem[]> {
    const bucket = await bucketFor(scope, key);
    return bucket ? [update(scope, bucket, 'SET N = N - :one, V = V + :one')] : [];
  }

  return {
    insertInto,
    removeFrom,

    /** The bucket writes for an item whose key changes from `from` to `to` (one write if the slice stays). */
    async move(scope: BucketScope, from: string, to: string): Promise<TransactWriteItem[]> {
      const [old, target] = await Promise.all([bucketFor(scope, from), bucketFor(scope, to)]);
      if (old && target && old.SK === target.SK) return [update(scope, old, 'SET M = :m, V = V + :one', { ':m': to > old.M ? to : old.M })];
      return [...(await removeFrom(scope, from)), ...(await insertInto(scope, to))];
    },

    /** A counter change, for the same transaction as the counted item. */
    counter(pk: string, sk: string, delta: number): TransactWriteItem {
      return {
        Update: {
          TableName: tableName,
          Key: { PK: pk, SK: sk },
          UpdateExpression: 'ADD N :delta SET #type = :type',
          ExpressionAttributeNames: { '#type': 'Type' },
          ExpressionAttributeValues: { ':delta': delta, ':type': 'Counter' },
        },
      };
    },

    /** The size of a paginated collection. */
    async total(scope: BucketScope): Promise<number> {
      return (await buckets(scope)).reduce((sum, b) => sum + b.N, 0);
    },

    /**
     * `limit` items from position `offset` (newest first): `query(n, before)` reads the newest `n`
     * items with keys below `before` (all when undefined).
     */
    async page<T>(scope: BucketScope, offset: number, limit: number, query: (n: number, before?: string) => Promise<T[]>): Promise<{ total: number; items: T[] }> {
      const newestFirst = (await buckets(scope)).reverse();
      const total = newestFirst.reduce((sum, b) => sum + b.N, 0);
      const start = locateOffset(newestFirst.map((b) => b.N), offset);
      if (!start) return { total, items: [] };
      const items = await query(start.skip + limit, start.slice > 0 ? newestFirst[start.slice - 1]!.K : undefined);
      return { total, items: items.slice(start.skip) };
    },
  };
}

export type SequenceMemory = ReturnType<typeof sequenceMemory>;

/**
 * Rebuilding a collection's buckets as even slices, in bounded steps (regenerateSequenceMemory): feed
 * its keys in ascending order a page at a time; each bucket is written as soon as it is full, stored
 * buckets that no longer start a slice are deleted as the rebuild passes them, and the state holds
 * only the bucket being filled. Drift counts the buckets that were wrong, missing or extra.
 */
export interface Rebuild {
  filling?: { K: string; M: string; N: number };
  /** The start key of the last bucket written. */
  last?: string;
  drift: number;
  buckets: number;
}

export const startRebuild = (): Rebuild => ({ drift: 0, buckets: 0 });

/** Writes `bucket` and removes the stored buckets between the last one written and it. */
async function flush(db: DynamoDBDocumentClient, tableName: string, scope: BucketScope, state: Rebuild, bucket: { K: string; M: string; N: number }, latest: boolean, dryRun: boolean): Promise<Rebuild> {
  const lower = state.last === undefined ? scope.prefix : `${scope.prefix}${state.last}`;
  const stored = (await db.send(new QueryCommand({
    TableName: tableName,
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :lower AND :upper',
    ExpressionAttributeValues: { ':pk': scope.pk, ':lower': lower, ':upper': `${scope.prefix}${bucket.K}` },
    ConsistentRead: true,
  }))).Items as Bucket[] | undefined ?? [];
  const same = stored.find((b) => b.K === bucket.K);
  const stale = stored.filter((b) => b.K !== bucket.K && b.K !== state.last);
  const drift = state.drift + stale.length + (same?.N === bucket.N ? 0 : 1);
  if (!dryRun) {
    await batchWrite(db, tableName, [
      ...stale.map((b) => ({ DeleteRequest: { Key: { PK: scope.pk, SK: b.SK } } })),
      { PutRequest: { Item: bucketItem(scope, { ...bucket, V: (same?.V ?? 0) + 1, ...(latest ? { Latest: true } : {}) }) } },
    ]);
  }
  return { last: bucket.K, drift, buckets: state.buckets + 1 };
}

/** The next keys of the collection, ascending; writes every bucket that fills up. */
export async function rebuildPage(db: DynamoDBDocumentClient, tableName: string, scope: BucketScope, state: Rebuild, sortedKeys: readonly string[], dryRun = false): Promise<Rebuild> {
  let next: Rebuild = { ...state };
  for (const key of sortedKeys) {
    const filling: { K: string; M: string; N: number } | undefined = next.filling;
    if (!filling) {
      next.filling = { K: next.last === undefined ? '' : key, M: key, N: 1 };
    } else if (filling.N >= PAGE_BUCKET_SIZE) {
      next = { ...(await flush(db, tableName, scope, next, filling, false, dryRun)), filling: { K: key, M: key, N: 1 } };
    } else {
      next.filling = { ...filling, M: key, N: filling.N + 1 };
    }
  }
  return next;
}

/** Writes the newest bucket and removes stored buckets beyond it. */
export async function finishRebuild(db: DynamoDBDocumentClient, tableName: string, scope: BucketScope, state: Rebuild, dryRun = false): Promise<{ drift: number; buckets: number }> {
  const done = state.filling ? await flush(db, tableName, scope, state, state.filling, true, dryRun) : state;
  const beyond = ((await db.send(new QueryCommand({
    TableName: tableName,
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :lower AND :upper',
    ExpressionAttributeValues: { ':pk': scope.pk, ':lower': done.last === undefined ? scope.prefix : `${scope.prefix}${done.last}`, ':upper': `${scope.prefix}\uffff` },
    ConsistentRead: true,
  }))).Items as Bucket[] | undefined ?? []).filter((b) => b.K !== done.last);
  if (!dryRun) await batchWrite(db, tableName, beyond.map((b) => ({ DeleteRequest: { Key: { PK: scope.pk, SK: b.SK } } })));
  return { drift: done.drift + beyond.length, buckets: done.buckets };
}

/** A whole collection's keys at once (a facility's documents): the same rebuild in one go. */
export async function rebuildBuckets(db: DynamoDBDocumentClient, tableName: string, scope: BucketScope, sortedKeys: readonly string[], dryRun = false): Promise<{ drift: number; buckets: number }> {
  return finishRebuild(db, tableName, scope, await rebuildPage(db, tableName, scope, startRebuild(), sortedKeys, dryRun), dryRun);
}
