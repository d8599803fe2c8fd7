/**
 * A container's nuclide vector: which nuclides carry its activity, in which shares, at a given time. Each content
 * adds its nuclide's activity and its impurities' (a fraction of the content's activity at its ActivityDateTime:
 * the Ge-68 breakthrough of a Ga-68 eluate), each decayed (or grown back) to that time. Pure math: no AWS, no HTTP.
 */
import { HALF_LIVES } from './decay';
import { parseTimestamp } from './time';

/** An impurity of a content: its activity over the content's activity at the content's ActivityDateTime. */
export interface Impurity {
  nuclide: string;
  fraction: number;
}

/** What the vector reads of a content. */
export interface VectorContent {
  nuclide: string;
  activity: number | null;
  activityDateTime: string | null;
  /** null: not entered; []: the certificate names none. */
  impurities?: readonly Impurity[] | null;
}

/** A nuclide's activity as entered: how much at which time. */
interface Term {
  nuclide: string;
  activity: number | null;
  at: Date | undefined;
}

/** Every nuclide the contents bring, impurities included, in the order they first appear. */
export const vectorNuclides = (contents: readonly VectorContent[]): string[] => [
  ...new Set(contents.flatMap((c) => [c.nuclide, ...(c.impurities ?? []).map((i) => i.nuclide)])),
];

const termsOf = (content: VectorContent): Term[] => {
  const at = content.activityDateTime === null ? undefined : parseTimestamp(content.activityDateTime);
  return [
    { nuclide: content.nuclide, activity: content.activity, at },
    ...(content.impurities ?? []).map((i) => ({
      nuclide: i.nuclide,
      activity: content.activity === null ? null : content.activity * i.fraction,
      at,
    })),
  ];
};

const secondsBetween = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 1000;

/**
 * Each nuclide's share of the activity at `reference`: each term decayed (or, for one dated later, grown back) to
 * that time, over their sum. Worked in log2, so a content dated long after the reference never overflows. Without
 * an activity and its time on every content (or with a zero sum), each nuclide is assumed to carry the whole
 * activity (conservative: a sum of ratios can only be overstated).
 */
export function nuclideShares(
  contents: readonly VectorContent[],
  reference: Date,
): { shares: Map<string, number>; assumed: boolean } {
  const nuclides = vectorNuclides(contents);
  const assumed = { shares: new Map(nuclides.map((n) => [n, 1])), assumed: true };
  const terms = contents.flatMap(termsOf);
  const logs = terms.map((t) => {
    const halfLife = HALF_LIVES[t.nuclide];
    if (t.activity === null || !t.at || halfLife === undefined) return undefined;
    return t.activity > 0 ? Math.log2(t.activity) + secondsBetween(reference, t.at) / halfLife : -Infinity;
  });
  if (logs.some((l) => l === undefined)) return assumed;
  const top = Math.max(...(logs as number[]));
  if (top === -Infinity) return assumed;
  const weights = (logs as number[]).map((l) => 2 ** (l - top));
  const total = weights.reduce((sum, w) => sum + w, 0);
  const shares = new Map<string, number>();
  terms.forEach((t, i) => {
    shares.set(t.nuclide, (shares.get(t.nuclide) ?? 0) + weights[i]! / total);
  });
  return { shares, assumed: false };
}
