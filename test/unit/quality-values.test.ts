/** shared/quality-values.ts: the ranges of an Accept or Accept-Language header and which one decides an offer. */
import { describe, expect, it } from 'vitest';
import { decidingRange, qualityRanges } from '../../shared/quality-values';

/** Accept-Language's rule: a range matches a tag it equals or prefixes; the longer match is the more specific. */
const language = (range: string, offer: string) =>
  range === '*' ? 1 : offer === range || offer.startsWith(`${range}-`) ? range.length + 1 : 0;

describe('quality values', () => {
  it('reads each range lower-cased with its q-value (1 when none, 0 when unreadable) and its position', () => {
    expect(qualityRanges('de-DE, en;q=0.5 ,FR;Q=0.8, *;q=x, ;q=1')).toEqual([
      { range: 'de-de', q: 1, index: 0 },
      { range: 'en', q: 0.5, index: 1 },
      { range: 'fr', q: 0.8, index: 2 },
      { range: '*', q: 0, index: 3 },
    ]);
  });

  it('lets the most specific matching range decide, the first listed on a tie, none when nothing matches', () => {
    const ranges = qualityRanges('de;q=0.2, *;q=0.9, de-at;q=0.7, de-at;q=0.1');
    expect(decidingRange(ranges, 'de-at', language)).toEqual({ range: 'de-at', q: 0.7, index: 2 });
    expect(decidingRange(ranges, 'de-de', language)).toMatchObject({ range: 'de', q: 0.2 });
    expect(decidingRange(ranges, 'en', language)).toMatchObject({ range: '*', q: 0.9 });
    expect(decidingRange(qualityRanges('de'), 'en', language)).toBeUndefined();
  });
});
