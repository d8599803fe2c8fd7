/** The sequence memory's page arithmetic, without a database. */
import { describe, expect, it } from 'vitest';
import { mergeNewest, startingPoint, type Bucket } from '../../../shared/data/sequence';

const bucket = (firstKey: string, size: number, largestKey = firstKey, version = 1): Bucket => ({
  firstKey,
  largestKey,
  size,
  version,
});
const key = (i: number) => `k${String(i).padStart(5, '0')}`;

describe('startingPoint', () => {
  it('on one scope, starts at the slice holding the offset with everything above it counted', () => {
    const scope = [bucket('', 100), bucket('k00100', 100), bucket('k00200', 50)];
    expect(startingPoint([scope], 0)).toEqual({ before: [undefined], above: 0 });
    expect(startingPoint([scope], 49)).toEqual({ before: [undefined], above: 0 });
    expect(startingPoint([scope], 50)).toEqual({ before: ['k00200'], above: 50 });
    expect(startingPoint([scope], 160)).toEqual({ before: ['k00100'], above: 150 });
  });

  it('over several scopes, pages through exactly the merged order from any offset', async () => {
    // Scope 0 holds the even keys, scope 1 the odd ones, 0..399, in buckets of 100 (and a short one).
    const all = Array.from({ length: 400 }, (_, i) => key(i));
    const evens = all.filter((_, i) => i % 2 === 0);
    const odds = all.filter((_, i) => i % 2 === 1).slice(0, 150);
    const scopes = [evens, odds].map((keys) =>
      keys.filter((_, i) => i % 100 === 0).map((K, j) => bucket(j ? K : '', Math.min(100, keys.length - j * 100))),
    );
    const newestFirst = [...evens, ...odds].sort().reverse();
    const query = async (s: number, n: number, before?: string) =>
      [evens, odds]
        [s]!.filter((k) => before === undefined || k < before)
        .reverse()
        .slice(0, n);
    for (const offset of [0, 1, 99, 100, 150, 199, 200, 250, 349, 400]) {
      const start = startingPoint(scopes, offset);
      expect(start.above).toBeLessThanOrEqual(offset);
      const page = (await mergeNewest(start.before, offset - start.above + 100, query, (k) => k)).slice(
        offset - start.above,
      );
      expect(page).toEqual(newestFirst.slice(offset, offset + 100));
    }
  });
});

describe('mergeNewest', () => {
  const sequences = [
    [9, 7, 5, 3, 1],
    [8, 6, 4, 2, 0],
  ].map((s) => s.map(key));
  const query = async (s: number, n: number, before?: string) =>
    sequences[s]!.filter((k) => before === undefined || k < before).slice(0, n);

  it('merges newest first, each sequence from its own start', async () => {
    expect(await mergeNewest([undefined, undefined], 4, query, (k) => k)).toEqual([key(9), key(8), key(7), key(6)]);
    expect(await mergeNewest([key(5), undefined], 30, query, (k) => k)).toEqual([
      key(8),
      key(6),
      key(4),
      key(3),
      key(2),
      key(1),
      key(0),
    ]);
  });

  it('reads nothing below the empty key, where the first bucket starts', async () => {
    expect(await mergeNewest(['', undefined], 3, query, (k) => k)).toEqual([key(8), key(6), key(4)]);
  });

  it('reads a lone sequence in one query of what is wanted', async () => {
    const asked: number[] = [];
    await mergeNewest(
      [undefined],
      3,
      async (s, n, b) => {
        asked.push(n);
        return query(s, n, b);
      },
      (k) => k,
    );
    expect(asked).toEqual([3]);
  });
});
