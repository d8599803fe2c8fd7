/**
 * shared/domain/decay-chart.ts: what the decay chart shows: the prediction from closing on, the measurements with their
 * bands, the predicted and actual release, the axes, in the reader's language; no prediction while impurities are
 * unknown.
 */
import { describe, expect, it } from 'vitest';
import { CHART_WORDS, type ChartInput, decayChart } from '../../../shared/domain/decay-chart';
import { CHART_CLOSED, chartInput } from '../../support/charts';
import { measurementFixture } from '../../support/memory/release-sources';

const T0 = CHART_CLOSED;
const input = (change: Partial<ChartInput> = {}) => chartInput({ now: new Date('2026-11-21T08:00:00Z'), ...change });

describe('decayChart', () => {
  it('draws the prediction from closing, falling by half each half-life, past the release', () => {
    const chart = decayChart(input());
    expect(chart.prediction[0]).toEqual({ at: T0, value: 4 });
    const later = chart.prediction.find((p) => p.at >= '2026-11-20 09:49:46')!;
    // One half-life of F-18 (109.77 min) after closing: half the sum, within a sample's step.
    expect(later.value).toBeLessThan(2.05);
    expect(later.value).toBeGreaterThan(1.9);
    expect(chart.from).toBe(T0);
    expect(chart.until > chart.release!).toBe(true);
    expect(chart.prediction.at(-1)!.at).toBe(chart.until);
    expect([chart.predictedRelease, chart.release]).toEqual(['2026-11-20 11:40:00', '2026-11-20 12:30:00']);
  });

  it('puts each decision measurement at its sum of ratios with a band of one standard uncertainty', () => {
    const [m] = decayChart(input()).measurements;
    // 0.1 Bq/g against 10 Bq/g: 0.01; u = 0.01 Bq/g of 0.1: ± 10 %.
    expect(m).toEqual({
      at: '2026-11-20 12:00:00',
      value: expect.closeTo(0.01, 12),
      low: expect.closeTo(0.009, 12),
      high: expect.closeTo(0.011, 12),
      detected: true,
    });
  });

  it('spans whole decades from below the lowest point to above the highest, with the clearance line inside', () => {
    const chart = decayChart(input());
    expect(chart.highDecade).toBe(1);
    expect(chart.lowDecade).toBeLessThanOrEqual(-3);
    expect(chart.highDecade - chart.lowDecade).toBeLessThanOrEqual(8);
    expect(chart.yTicks.map((t) => t.label)).toContain('1');
    expect(chart.xTicks).toHaveLength(5);
  });

  it("speaks the reader's language", () => {
    expect(decayChart(input()).words).toBe(CHART_WORDS.de);
    expect(decayChart(input({ language: 'en' })).title).toBe('Sum of ratios over time');
    expect(Object.keys(CHART_WORDS.de)).toEqual(Object.keys(CHART_WORDS.en));
  });

  it('draws no prediction while impurities are unknown, and a measurement below a# as an open point', () => {
    const unknown = [{ ContentUuid: 'c', ContentId: 'eluat-1', Nuclide: 'Ga-68', ExpectedImpurities: ['Ge-68'] }];
    const blind = measurementFixture({
      containerUuid: 'box',
      at: '2026-11-20 12:00:00',
      weightG: 10_000,
      fractions: { 'F-18': 1 },
      valueUsed: 0.002,
      detectionLimit: 0.002,
      detected: false,
    });
    const chart = decayChart(input({ impuritiesUnknown: unknown, measurements: [blind], release: null }));
    expect(chart.prediction).toEqual([]);
    expect(chart.measurements[0]).toMatchObject({ detected: false, low: chart.measurements[0]!.value });
  });
});
