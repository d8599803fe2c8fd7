/** shared/domain/decay.ts: radioactive decay against hand-computed values. */
import { describe, expect, it } from 'vitest';
import { decay, HALF_LIVES, longestHalfLife } from '../../../shared/domain/decay';

describe('decay', () => {
  it('halves after one half-life', () => {
    expect(decay(1000, HALF_LIVES['F-18']!, HALF_LIVES['F-18']!)).toBeCloseTo(500, 9);
  });

  it('F-18 after 6 hours: 2^(-360 / 109.77) = 0.125 x 2^(-0.279585) = 0.102979', () => {
    // Hand computation: 360 min / 109.77 min = 3.279585 half-lives; 2^-3 = 0.125;
    // 2^-0.279585 = e^(-0.279585 x 0.693147) = e^-0.193794 = 0.823829; 0.125 x 0.823829 = 0.102979.
    expect(decay(1, 6 * 3600, HALF_LIVES['F-18']!)).toBeCloseTo(0.102979, 6);
  });

  it('I-131 after 30 days: 2^(-30 / 8.0252) = 0.0625 x 2^0.261776 = 0.074935', () => {
    // 30 d / 8.0252 d = 3.738224 half-lives; 2^-4 = 0.0625; 2^0.261776 = 1.198953; product 0.074935.
    expect(decay(1, 30 * 86400, HALF_LIVES['I-131']!)).toBeCloseTo(0.074935, 6);
  });

  it('does not grow before the measurement', () => {
    expect(decay(1000, -3600, HALF_LIVES['F-18']!)).toBe(1000);
  });

  it('takes the longest half-life and ignores unknown nuclides', () => {
    expect(longestHalfLife(['F-18', 'I-131', 'Xx-999'])).toBe(HALF_LIVES['I-131']);
    expect(longestHalfLife(['Xx-999'])).toBeUndefined();
  });
});
