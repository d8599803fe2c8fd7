/** The page buckets checked against the items they count, for regenerateSequenceMemory. */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchPut } from './batch';
import { bucketItem, readBuckets, type Bucket, type BucketScope } from './sequence';

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
      if (next.counting)
        next.drift += await finishSlices(db, tableName, scope, stored, next.counting, { upTo: start, dryRun });
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
  { upTo, dryRun }: { upTo?: string | undefined; dryRun: boolean },
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
  const drift = state.drift + (await finishSlices(db, tableName, scope, stored, counting, { dryRun }));
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
