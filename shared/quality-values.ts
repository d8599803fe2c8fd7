/**
 * Headers that list ranges with q-values (RFC 9110 §12.4.2): `Accept` (shared/http/request.ts negotiate) and
 * `Accept-Language` (shared/i18n/translate.ts pickLanguage). An offer takes the q-value of the most specific range
 * that matches it; which range is more specific is the header's own rule.
 */

/** A range of the header, lower-cased, with its q-value (0 when unreadable) and its position. */
export interface QualityRange {
  range: string;
  q: number;
  index: number;
}

export function qualityRanges(header: string): QualityRange[] {
  return header.split(',').flatMap((part, index) => {
    const [range = '', ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => /^q=/i.test(p));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    return range ? [{ range: range.toLowerCase(), q: Number.isFinite(quality) ? quality : 0, index }] : [];
  });
}

/**
 * The range that decides an offer: of those that match it (`specificity` > 0), the most specific, the first listed
 * on a tie; undefined when none matches.
 */
export function decidingRange(
  ranges: readonly QualityRange[],
  offer: string,
  specificity: (range: string, offer: string) => number,
): QualityRange | undefined {
  return ranges
    .filter((r) => specificity(r.range, offer) > 0)
    .sort((a, b) => specificity(b.range, offer) - specificity(a.range, offer) || a.index - b.index)[0];
}
