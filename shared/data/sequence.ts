/**
 * The "sequence memory" of DESIGN §4: counts and deep pages of a collection without reading its
 * items. Nothing here is written by a request: the stream processor (shared/data/sequence-writer.ts),
 * one ordered writer per facility, keeps it from the table's change stream (what a batch of changes does to the
 * buckets: bucket-plan.ts); regenerateSequenceMemory checks it against the items (bucket-verify.ts). This module reads.
 *
 * - A counter item (`N`) counts a collection that is listed whole.
 * - Page buckets cut a paginated collection into consecutive slices of its order, each an item with
 *   its first key `K`, its exact size `N`, the largest key it has seen `M` and a version `V`. The
 *   first bucket starts at the empty key. A new bucket opens when the newest one holds
 *   PAGE_BUCKET_SIZE items and a key above all it has seen arrives; a key landing inside an older
 *   slice (an import, a changed date, a state change) grows that slice. Slices may be uneven; they
 *   are exact.
 * - A collection may be spread over several bucket scopes (the all-tenant log is write-sharded): a
 *   page then merges the scopes, starting each at a bucket boundary chosen so that the number of
 *   items above every start is known exactly.
 */
import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { queryAll } from './query';
import { ITEM_TYPES } from './table';

export const PAGE_BUCKET_SIZE = 100;

/** Where a paginated collection keeps its buckets: a partition and a sort-key prefix. */
export interface BucketScope {
  pk: string;
  prefix: string;
}

/** A page bucket, as the code names its parts (stored as K, M, N, V and Seq: see bucketItem). */
export interface Bucket {
  /** The first key of the slice. */
  firstKey: string;
  /** The largest key the slice has seen. */
  largestKey: string;
  /** The exact number of items in the slice. */
  size: number;
  version: number;
  /** In a facility's own scope: the last stream change the bucket counted (its writer's guard). */
  countedUpTo?: string;
}

/** A stored bucket item in the code's names. */
const fromItem = (item: Record<string, unknown>): Bucket => ({
  firstKey: item.K as string,
  largestKey: item.M as string,
  size: item.N as number,
  version: item.V as number,
  ...(item.Seq === undefined ? {} : { countedUpTo: item.Seq as string }),
});

/** A scope's buckets, ascending by first key. */
export async function readBuckets(
  db: DynamoDBDocumentClient,
  tableName: string,
  scope: BucketScope,
  consistent = false,
): Promise<Bucket[]> {
  return (
    await queryAll(db, tableName, {
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': scope.pk, ':prefix': scope.prefix },
      ConsistentRead: consistent,
    })
  ).map(fromItem);
}

/** Above every sort key of a scope: its prefix and the highest code point. */
const scopeEnd = (scope: BucketScope) => `${scope.prefix}\u{10FFFF}`;

/**
 * A scope's buckets from the one holding `key` upward, ascending: everything a change at `key` or above can touch
 * (planBuckets wants each key's slice and the newest bucket). Two reads: the holding bucket's sort key (the greatest
 * at or below `key`), then the buckets from it up. A change among the newest records reads one or two buckets, not
 * the scope's list; one to an old record reads from its slice upward.
 */
export async function readBucketsFrom(
  db: DynamoDBDocumentClient,
  tableName: string,
  scope: BucketScope,
  key: string,
  consistent = false,
): Promise<Bucket[]> {
  const holding = await db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :first AND :key',
      ExpressionAttributeValues: { ':pk': scope.pk, ':first': scope.prefix, ':key': `${scope.prefix}${key}` },
      ScanIndexForward: false,
      Limit: 1,
      ConsistentRead: consistent,
      ProjectionExpression: 'SK',
    }),
  );
  return (
    await queryAll(db, tableName, {
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :end',
      ExpressionAttributeValues: {
        ':pk': scope.pk,
        // No bucket at or below the key: the scope is empty, or its first bucket starts above it; read them all.
        ':from': (holding.Items?.[0]?.SK as string | undefined) ?? scope.prefix,
        ':end': scopeEnd(scope),
      },
      ConsistentRead: consistent,
    })
  ).map(fromItem);
}

export const bucketItem = (scope: BucketScope, bucket: Bucket) => ({
  PK: scope.pk,
  SK: `${scope.prefix}${bucket.firstKey}`,
  Type: ITEM_TYPES.pageBucket,
  K: bucket.firstKey,
  M: bucket.largestKey,
  N: bucket.size,
  V: bucket.version,
  ...(bucket.countedUpTo === undefined ? {} : { Seq: bucket.countedUpTo }),
});

/**
 * Where to start reading each scope for the item at position `offset` (newest first): each scope
 * is read from below `before[s]` (from its newest item when undefined), and exactly `above` items
 * of the whole collection lie above those starts, all of them before `offset`.
 *
 * The start is a threshold key T taken from the bucket boundaries, the lowest one for which no more
 * than `offset` items can lie at or above it; every scope starts at its first boundary at or above T.
 */
export function startingPoint(
  scopes: readonly (readonly Pick<Bucket, 'firstKey' | 'size'>[])[],
  offset: number,
): { before: (string | undefined)[]; above: number } {
  const top = { before: scopes.map(() => undefined), above: 0 };
  if (offset <= 0) return top;
  const candidates = [...new Set(scopes.flatMap((buckets) => buckets.map((b) => b.firstKey)))].sort().reverse();
  let best: { before: (string | undefined)[]; above: number } = top;
  for (const threshold of candidates) {
    let above = 0;
    let mayBeAbove = 0;
    const before = scopes.map((buckets) => {
      // Buckets at or above the threshold hold only items above it; the one just below it may hold some.
      const from = buckets.findIndex((b) => b.firstKey >= threshold);
      const fullyAbove = from === -1 ? [] : buckets.slice(from);
      above += fullyAbove.reduce((sum, b) => sum + b.size, 0);
      const straddling = buckets[(from === -1 ? buckets.length : from) - 1];
      if (straddling && fullyAbove[0]?.firstKey !== threshold) mayBeAbove += straddling.size;
      return fullyAbove[0]?.firstKey;
    });
    if (above + mayBeAbove > offset) break;
    best = { before, above };
  }
  return best;
}

/**
 * The newest `count` items of several newest-first sequences merged, each read from below its
 * `before` key: `query(s, n, before)` answers the newest `n` items of sequence `s` below `before`.
 */
export async function mergeNewest<T>(
  before: readonly (string | undefined)[],
  count: number,
  query: (scope: number, n: number, before?: string) => Promise<T[]>,
  keyOf: (item: T) => string,
): Promise<T[]> {
  const cursors = [...before];
  const buffers: T[][] = before.map(() => []);
  // Nothing lies below the empty key (the first bucket's start).
  const exhausted = before.map((b) => b === '');
  const merged: T[] = [];
  while (merged.length < count) {
    const wanted = count - merged.length;
    // A lone sequence reads what is wanted at once; several read their share, then refill as they empty.
    const chunk = before.length === 1 ? wanted : Math.max(25, Math.ceil(wanted / before.length));
    await Promise.all(
      buffers.map(async (buffer, s) => {
        if (buffer.length || exhausted[s]) return;
        const items = await query(s, chunk, cursors[s]);
        if (items.length < chunk) exhausted[s] = true;
        if (items.length) cursors[s] = keyOf(items[items.length - 1]!);
        buffer.push(...items);
      }),
    );
    let newest = -1;
    buffers.forEach((buffer, s) => {
      if (buffer.length && (newest === -1 || keyOf(buffer[0]!) > keyOf(buffers[newest]![0]!))) newest = s;
    });
    if (newest === -1) break;
    merged.push(buffers[newest]!.shift()!);
  }
  return merged;
}

export function sequenceMemory(db: DynamoDBDocumentClient, tableName: string) {
  return {
    /** The size of a paginated collection (spread over `scopes`). */
    async total(scopes: readonly BucketScope[]): Promise<number> {
      const all = await Promise.all(scopes.map((scope) => readBuckets(db, tableName, scope)));
      return all.flat().reduce((sum, b) => sum + b.size, 0);
    },

    /**
     * `limit` items from position `offset` (newest first) of a collection spread over `scopes`;
     * `query(s, n, before)` reads the newest `n` items of scope `s` with keys below `before`. Page 1
     * always reads the newest items, so a record is listed as soon as its index has it.
     */
    async page<T>(
      scopes: readonly BucketScope[],
      offset: number,
      limit: number,
      query: (scope: number, n: number, before?: string) => Promise<T[]>,
      keyOf: (item: T) => string,
    ): Promise<{ total: number; items: T[] }> {
      const buckets = await Promise.all(scopes.map((scope) => readBuckets(db, tableName, scope)));
      const total = buckets.flat().reduce((sum, b) => sum + b.size, 0);
      const start = startingPoint(buckets, offset);
      const skip = offset - start.above;
      const items = (await mergeNewest(start.before, skip + limit, query, keyOf)).slice(skip);
      // Just written records the stream has not counted yet are still listed: the total never says less.
      return { total: items.length ? Math.max(total, offset + items.length) : total, items };
    },
  };
}
