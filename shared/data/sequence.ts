/**
 * The "sequence memory" of DESIGN §4: counts and deep pages of a collection without reading its
 * items. Nothing here is written by a request: the stream processor (shared/data/sequence-writer.ts),
 * one ordered writer per facility, keeps it from the table's change stream.
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
import { batchPut } from './batch';
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

/** One change of a collection's membership, in stream order; `seq` where the buckets guard themselves. */
export interface BucketChange {
  op: 'insert' | 'remove';
  key: string;
  seq?: string;
}

/**
 * The buckets `changes` touch, applied in order to a scope's stored buckets (ascending): each touched
 * bucket with its new size and largest key, and `created` for those that did not exist. Each change
 * touches exactly one bucket; one carrying a `seq` that bucket has already counted (`Seq`) is skipped,
 * so a change delivered again counts once.
 */
export function planBuckets(
  stored: readonly Bucket[],
  changes: readonly BucketChange[],
): { bucket: Bucket; created: boolean }[] {
  const buckets = stored.map((b) => ({
    bucket: {
      firstKey: b.firstKey,
      largestKey: b.largestKey,
      size: b.size,
      version: b.version,
      ...(b.countedUpTo === undefined ? {} : { countedUpTo: b.countedUpTo }),
    },
    counted: b.countedUpTo,
    created: false,
    touched: false,
  }));
  const counted = (slice: { counted?: string | undefined } | undefined, seq: string | undefined) =>
    seq !== undefined && slice?.counted !== undefined && slice.counted >= seq;
  for (const { op, key, seq } of changes) {
    let index = -1;
    for (let i = 0; i < buckets.length && buckets[i]!.bucket.firstKey <= key; i++) index = i;
    const slice = buckets[index];
    if (counted(slice, seq)) continue;
    const stamp = seq === undefined ? {} : { countedUpTo: seq };
    if (op === 'remove') {
      if (slice && slice.bucket.size > 0)
        Object.assign(slice, { bucket: { ...slice.bucket, size: slice.bucket.size - 1, ...stamp }, touched: true });
      continue;
    }
    const newest = index === buckets.length - 1;
    if (!slice) {
      // The first bucket starts at the empty key, so it holds everything older than the next one.
      buckets.unshift({
        bucket: { firstKey: '', largestKey: key, size: 1, version: 0, ...stamp },
        counted: undefined,
        created: true,
        touched: true,
      });
    } else if (newest && slice.bucket.size >= PAGE_BUCKET_SIZE && key > slice.bucket.largestKey) {
      buckets.push({
        bucket: { firstKey: key, largestKey: key, size: 1, version: 0, ...stamp },
        counted: undefined,
        created: true,
        touched: true,
      });
    } else {
      Object.assign(slice, {
        bucket: {
          ...slice.bucket,
          size: slice.bucket.size + 1,
          // biome-ignore lint/complexity/useMathMinMax: keys are strings, compared as strings
          largestKey: key > slice.bucket.largestKey ? key : slice.bucket.largestKey,
          ...stamp,
        },
        touched: true,
      });
    }
  }
  return buckets.filter((b) => b.touched).map(({ bucket, created }) => ({ bucket, created }));
}

/**
 * Checking a collection's buckets against its items (regenerateSequenceMemory), in bounded steps:
 * feed its keys in ascending order a page at a time; each stored bucket whose size is not the number
 * of keys in its slice is corrected (only that one: correct buckets keep their version). Drift counts
 * the buckets that were wrong. The state holds only the bucket being counted.
 */
export interface Verify {
  counting?: { firstKey: string; n: number };
  drift: number;
  buckets: number;
}

export const startVerify = (): Verify => ({ drift: 0, buckets: 0 });

async function settle(
  db: DynamoDBDocumentClient,
  tableName: string,
  scope: BucketScope,
  stored: readonly Bucket[],
  counted: { firstKey: string; n: number },
  dryRun: boolean,
): Promise<number> {
  const bucket = stored.find((b) => b.firstKey === counted.firstKey);
  if (bucket?.size === counted.n || (!bucket && counted.n === 0)) return 0;
  if (!dryRun) {
    // The writer's guard stays: a change it counted already is not counted again.
    await batchPut(db, tableName, [
      bucketItem(scope, {
        firstKey: counted.firstKey,
        largestKey: bucket?.largestKey ?? counted.firstKey,
        size: counted.n,
        version: (bucket?.version ?? 0) + 1,
        ...(bucket?.countedUpTo === undefined ? {} : { countedUpTo: bucket.countedUpTo }),
      }),
    ]);
  }
  return 1;
}

/** Counts the next keys (ascending) into the stored buckets, correcting each bucket it leaves. */
export async function verifyPage(
  db: DynamoDBDocumentClient,
  tableName: string,
  scope: BucketScope,
  state: Verify,
  sortedKeys: readonly string[],
  dryRun = false,
): Promise<Verify> {
  if (!sortedKeys.length) return state;
  const stored = await readBuckets(db, tableName, scope, true);
  const next: Verify = { ...state };
  let index = 0;
  for (const key of sortedKeys) {
    while (index + 1 < stored.length && stored[index + 1]!.firstKey <= key) index++;
    // Keys below the first stored bucket belong to the first slice, which starts at the empty key.
    const start = stored[index] && stored[index]!.firstKey <= key ? stored[index]!.firstKey : '';
    if (next.counting?.firstKey !== start) {
      if (next.counting) next.drift += await finishSlices(db, tableName, scope, stored, next.counting, start, dryRun);
      next.counting = { firstKey: start, n: 0 };
      next.buckets += 1;
    }
    next.counting!.n += 1;
  }
  return next;
}

/** Settles the bucket being counted and every stored bucket after it up to (not including) `upTo`: those are empty. */
async function finishSlices(
  db: DynamoDBDocumentClient,
  tableName: string,
  scope: BucketScope,
  stored: readonly Bucket[],
  counting: { firstKey: string; n: number },
  upTo: string | undefined,
  dryRun: boolean,
): Promise<number> {
  let drift = await settle(db, tableName, scope, stored, counting, dryRun);
  for (const empty of stored.filter(
    (b) => b.firstKey > counting.firstKey && (upTo === undefined || b.firstKey < upTo),
  )) {
    drift += await settle(db, tableName, scope, stored, { firstKey: empty.firstKey, n: 0 }, dryRun);
  }
  return drift;
}

/** Settles what is left after the last key. */
export async function finishVerify(
  db: DynamoDBDocumentClient,
  tableName: string,
  scope: BucketScope,
  state: Verify,
  dryRun = false,
): Promise<{ drift: number; buckets: number }> {
  const stored = await readBuckets(db, tableName, scope, true);
  const counting = state.counting ?? { firstKey: '', n: 0 };
  // With no key at all, a stored first bucket is settled as empty too.
  const drift = state.drift + (await finishSlices(db, tableName, scope, stored, counting, undefined, dryRun));
  return { drift, buckets: state.buckets };
}

/** A whole collection's keys at once (a facility's documents). */
export async function verifyBuckets(
  db: DynamoDBDocumentClient,
  tableName: string,
  scope: BucketScope,
  sortedKeys: readonly string[],
  dryRun = false,
): Promise<{ drift: number; buckets: number }> {
  return finishVerify(
    db,
    tableName,
    scope,
    await verifyPage(db, tableName, scope, startVerify(), sortedKeys, dryRun),
    dryRun,
  );
}
