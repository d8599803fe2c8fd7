import { describe, expect, it } from 'vitest';
import { decay, HALF_LIVES, longestHalfLife } from '../../shared/domain/decay';
import { formatTimestamp, parseTimestamp } from '../../shared/domain/time';
import { currentSpecificActivity, EMPTY_CONTAINER, type ContentLink } from '../../shared/domain/container';

describe('timestamps (YYYY-MM-DD HH:MM:SS, UTC)', () => {
  it('reads and writes the interface format', () => {
    const date = parseTimestamp('2024-02-29 23:59:59');
    expect(date?.toISOString()).toBe('2024-02-29T23:59:59.000Z');
    expect(formatTimestamp(date!)).toBe('2024-02-29 23:59:59');
  });

  it.each([
    '2025-02-29 10:00:00', // not a leap year
    '2025-04-31 10:00:00',
    '2025-13-01 10:00:00',
    '2025-00-10 10:00:00',
    '2025-01-01 24:00:00',
    '2025-01-01 10:60:00',
    '2025-01-01 10:00:60',
    '2025-01-01T10:00:00',
    '2025-01-01 10:00',
    '2025-1-01 10:00:00',
    ' 2025-01-01 10:00:00',
    '2025-01-01 10:00:00Z',
  ])('refuses %j', (text) => {
    expect(parseTimestamp(text)).toBeUndefined();
  });
});

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

describe('CurrentSpecificActivity (Bq/g)', () => {
  const links: ContentLink[] = [
    { kind: 'CYCLOTRON_PRODUCT', id: 'p1', nuclide: 'F-18' },
    { kind: 'GENERATOR_ELUAT', id: 'e1', nuclide: 'I-131' },
  ];
  const measured = { ...EMPTY_CONTAINER, MeasurementActivity: 5000, MeasurementFactor: 2, Weight: 1000, MeasurementDate: '2026-01-01 00:00:00' };

  it('is activity x factor / weight, decayed with the longest half-life (I-131 here)', () => {
    // 5000 Bq x 2 / 1000 g = 10 Bq/g; one I-131 half-life (8.0252 d) later: 5 Bq/g.
    const oneHalfLifeLater = new Date(Date.parse('2026-01-01T00:00:00Z') + HALF_LIVES['I-131']! * 1000);
    expect(currentSpecificActivity(measured, links, oneHalfLifeLater)).toBeCloseTo(5, 9);
  });

  it('uses a factor of 1 when none is given', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    expect(currentSpecificActivity({ ...measured, MeasurementFactor: null }, links, at)).toBeCloseTo(5, 9);
  });

  it.each([
    ['no activity', { MeasurementActivity: null }],
    ['no weight', { Weight: null }],
    ['zero weight', { Weight: 0 }],
    ['no measurement date', { MeasurementDate: null }],
  ])('is null with %s', (_name, change) => {
    expect(currentSpecificActivity({ ...measured, ...change }, links, new Date())).toBeNull();
  });

  it('is null without a linked nuclide', () => {
    expect(currentSpecificActivity(measured, [], new Date())).toBeNull();
  });
});
