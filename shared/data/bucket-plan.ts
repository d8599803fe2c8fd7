/**
 * What a batch of membership changes does to a scope's page buckets (shared/data/sequence.ts): worked out from the
 * stored buckets without a read or a write, for the stream writer (shared/data/sequence-writer.ts) to write.
 */
import { PAGE_BUCKET_SIZE, type Bucket } from './sequence';

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
