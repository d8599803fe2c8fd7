/**
 * A decaying mixture's sum of ratios, and when it falls to 1: the arithmetic of the release date's prediction
 * (shared/domain/release-assessment.ts). Pure math: no AWS, no HTTP.
 */
import { activityAfter } from './decay';
import { LATEST_MS } from './time';

/** The sum of ratios of a mixture `seconds` after its reference time. */
export interface MixtureTerm {
  ratioAtMeasurement: number;
  halfLife: number;
}
export const sumOfRatiosAfter = (terms: readonly MixtureTerm[], seconds: number): number =>
  terms.reduce((sum, t) => sum + activityAfter(t.ratioAtMeasurement, seconds, t.halfLife), 0);

/**
 * Seconds after the reference when the sum of the decaying ratios first falls to 1 or below (0 when
 * it already is). The sum strictly decreases, so bisection finds the crossing; the bracket is the time
 * by which every term has fallen to 1/n of the limit. Answered to the whole second, rounded up.
 */
export function secondsUntilCleared(terms: readonly MixtureTerm[]): number {
  if (sumOfRatiosAfter(terms, 0) <= 1) return 0;
  let low = 0;
  let high = Math.max(
    ...terms.map((t) =>
      t.ratioAtMeasurement > 0 ? t.halfLife * Math.max(0, Math.log2(terms.length * t.ratioAtMeasurement)) : 0,
    ),
  );
  while (high - low > 0.5) {
    const middle = (low + high) / 2;
    if (sumOfRatiosAfter(terms, middle) <= 1) high = middle;
    else low = middle;
  }
  // The first whole second at which the sum is at or below 1 (low < it <= high).
  let second = Math.ceil(low);
  while (sumOfRatiosAfter(terms, second) > 1) second++;
  return second;
}

/** When a mixture decaying from `reference` is cleared: an instant, or `beyond` the last representable one. */
export function clearedAt(terms: readonly MixtureTerm[], reference: Date): Date | 'beyond' {
  if (sumOfRatiosAfter(terms, (LATEST_MS - reference.getTime()) / 1000) > 1) return 'beyond';
  return new Date(reference.getTime() + secondsUntilCleared(terms) * 1000);
}
