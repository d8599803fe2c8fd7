/** What a batch of membership changes does to the page buckets, without a database. */
import { describe, expect, it } from 'vitest';
import { planBuckets } from '../../../shared/data/bucket-plan';
import { PAGE_BUCKET_SIZE, type Bucket } from '../../../shared/data/sequence';

const bucket = (firstKey: string, size: number, largestKey = firstKey, version = 1): Bucket => ({
  firstKey,
  largestKey,
  size,
  version,
});

describe('planBuckets', () => {
  it('starts the first bucket at the empty key, so any later key has a slice', () => {
    expect(
      planBuckets(
        [],
        [
          { op: 'insert', key: 'k5' },
          { op: 'insert', key: 'k2' },
        ],
      ),
    ).toEqual([{ bucket: { firstKey: '', largestKey: 'k5', size: 2, version: 0 }, created: true }]);
  });

  it('opens a new bucket only when the newest is full and the key lies above all it has seen', () => {
    const full = [bucket('', PAGE_BUCKET_SIZE, 'k00099')];
    expect(planBuckets(full, [{ op: 'insert', key: 'k00100' }])).toEqual([
      { bucket: { firstKey: 'k00100', largestKey: 'k00100', size: 1, version: 0 }, created: true },
    ]);
    // Below the largest key seen: the full slice grows instead (exact, if uneven).
    expect(planBuckets(full, [{ op: 'insert', key: 'k00050x' }])).toEqual([
      { bucket: { firstKey: '', largestKey: 'k00099', size: 101, version: 1 }, created: false },
    ]);
  });

  it('counts a removal out of the slice that holds the key, never below zero', () => {
    const stored = [bucket('', 100, 'k00099'), bucket('k00100', 3, 'k00102')];
    expect(
      planBuckets(stored, [
        { op: 'remove', key: 'k00010' },
        { op: 'remove', key: 'k00101' },
      ]),
    ).toEqual([
      { bucket: { firstKey: '', largestKey: 'k00099', size: 99, version: 1 }, created: false },
      { bucket: { firstKey: 'k00100', largestKey: 'k00102', size: 2, version: 1 }, created: false },
    ]);
    expect(planBuckets([bucket('', 0)], [{ op: 'remove', key: 'a' }])).toEqual([]);
  });

  it('skips a change the bucket it falls in has counted already (a stream record delivered again)', () => {
    const stored = [
      { ...bucket('', 100, 'k00099'), countedUpTo: '0005' },
      { ...bucket('k00100', 2, 'k00101'), countedUpTo: '0009' },
    ];
    expect(
      planBuckets(stored, [
        { op: 'insert', key: 'k00050x', seq: '0005' },
        { op: 'insert', key: 'k00102', seq: '0009' },
        { op: 'insert', key: 'k00103', seq: '0010' },
        { op: 'remove', key: 'k00010', seq: '0011' },
      ]),
    ).toEqual([
      { bucket: { firstKey: '', largestKey: 'k00099', size: 99, version: 1, countedUpTo: '0011' }, created: false },
      {
        bucket: { firstKey: 'k00100', largestKey: 'k00103', size: 3, version: 1, countedUpTo: '0010' },
        created: false,
      },
    ]);
  });

  it('a move within one slice leaves its size', () => {
    expect(
      planBuckets(
        [bucket('', 5, 'k9')],
        [
          { op: 'remove', key: 'k3' },
          { op: 'insert', key: 'k4' },
        ],
      ),
    ).toEqual([{ bucket: { firstKey: '', largestKey: 'k9', size: 5, version: 1 }, created: false }]);
  });
});
