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
import { BatchWriteCommand, QueryCommand, type DynamoDBDocumentClient, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
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

/** The buckets a collection should have: even slices of PAGE_BUCKET_SIZE over its keys (ascending). */
export function evenBuckets(sortedKeys: readonly string[]): { K: string; M: string; N: number }[] {
  const slices: { K: string; M: string; N: number }[] = [];
  for (let i = 0; i < sortedKeys.length; i += PAGE_BUCKET_SIZE) {
    const slice = sortedKeys.slice(i, i + PAGE_BUCKET_SIZE);
    slices.push({ K: i === 0 ? '' : slice[0]!, M: slice[slice.length - 1]!, N: slice.length });
  }
  return slices;
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
 * Rewrites a collection's buckets as even slices of its keys (ascending), as regenerateSequenceMemory
 * does; answers how many stored buckets were wrong (size or start) or missing or extra. Apart from
 * the writers' memory so that API functions do not carry it.
 */
export async function rebuildBuckets(db: DynamoDBDocumentClient, tableName: string, scope: BucketScope, sortedKeys: readonly string[], dryRun = false): Promise<{ drift: number; buckets: number }> {
  const stored = await readBuckets(db, tableName, scope, true);
  const wanted = evenBuckets(sortedKeys);
  const storedBy = new Map(stored.map((b) => [b.K, b]));
  const changed = wanted.filter((w) => storedBy.get(w.K)?.N !== w.N).length + stored.filter((b) => !wanted.some((w) => w.K === b.K)).length;
  if (changed && !dryRun) {
    const writes = [
      ...stored.filter((b) => !wanted.some((w) => w.K === b.K)).map((b) => ({ DeleteRequest: { Key: { PK: scope.pk, SK: b.SK } } })),
      ...wanted.map((w, i) => ({
        PutRequest: { Item: bucketItem(scope, { ...w, V: (storedBy.get(w.K)?.V ?? 0) + 1, ...(i === wanted.length - 1 ? { Latest: true } : {}) }) },
      })),
    ];
    for (let i = 0; i < writes.length; i += 25) {
      let request: Record<string, (typeof writes)[number][]> | undefined = { [tableName]: writes.slice(i, i + 25) };
      for (let attempt = 0; request && Object.keys(request).length; attempt++) {
        if (attempt) await backoff(attempt);
        request = (await db.send(new BatchWriteCommand({ RequestItems: request }))).UnprocessedItems as typeof request;
      }
    }
  }
  return { drift: changed, buckets: wanted.length };
}
