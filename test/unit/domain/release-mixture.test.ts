/** shared/domain/release-mixture.ts: a decaying mixture's sum of ratios, and when it falls to 1. */
import { describe, expect, it } from 'vitest';
import { HALF_LIVES } from '../../../shared/domain/decay';
import { clearedAt, secondsUntilCleared, sumOfRatiosAfter } from '../../../shared/domain/release-mixture';

const F18 = HALF_LIVES['F-18']!;
const I131 = HALF_LIVES['I-131']!;

describe('secondsUntilCleared', () => {
  it('is 0 for a mixture already at or below 1, and T½ for a single term at 2', () => {
    expect(secondsUntilCleared([{ ratioAtMeasurement: 1, halfLife: 100 }])).toBe(0);
    expect(secondsUntilCleared([{ ratioAtMeasurement: 2, halfLife: 100 }])).toBe(100);
  });
});

describe('a mixture of nuclides', () => {
  const mixture = [
    { ratioAtMeasurement: 8, halfLife: F18 },
    { ratioAtMeasurement: 0.5, halfLife: I131 },
  ];

  it('sums each ratio decayed with its own half-life', () => {
    expect(sumOfRatiosAfter(mixture, 0)).toBe(8.5);
    // One F-18 half-life: 4 + 0.5 x 2^-(F18/I131).
    expect(sumOfRatiosAfter(mixture, F18)).toBeCloseTo(4 + 0.5 * 2 ** -(F18 / I131), 12);
  });

  it('is cleared at the first whole second its sum is at or below 1, not a second earlier', () => {
    const seconds = secondsUntilCleared(mixture);
    expect(sumOfRatiosAfter(mixture, seconds)).toBeLessThanOrEqual(1);
    expect(sumOfRatiosAfter(mixture, seconds - 1)).toBeGreaterThan(1);
    // The long-lived part holds half the limit: later than F-18 alone (three half-lives from 8 to 1).
    expect(seconds).toBeGreaterThan(3 * F18);
  });

  it('is cleared at an instant after its reference, or beyond the last one a timestamp can hold', () => {
    const reference = new Date('2026-03-01T08:00:00Z');
    expect(clearedAt(mixture, reference)).toEqual(new Date(reference.getTime() + secondsUntilCleared(mixture) * 1000));
    expect(clearedAt([{ ratioAtMeasurement: 1e6, halfLife: 1e12 }], reference)).toBe('beyond');
  });
});
