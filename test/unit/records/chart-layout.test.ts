/** shared/records/chart-layout.ts: a time and a sum of ratios placed on the canvas, and read back from it. */
import { describe, expect, it } from 'vitest';
import type { DecayChart } from '../../../shared/domain/decay-chart';
import { chartFrame } from '../../../shared/records/chart-layout';
import { parseTimestamp } from '../../../shared/domain/time';

const chart = {
  from: '2026-11-20 08:00:00',
  until: '2026-11-20 18:00:00',
  lowDecade: -3,
  highDecade: 1,
} as DecayChart;

describe('chartFrame', () => {
  it('places the span left to right and the decades top to bottom, and reads both back', () => {
    const f = chartFrame(chart, 720, 400);
    expect(f.x(chart.from)).toBe(f.plot.left);
    expect(f.x(chart.until)).toBeCloseTo(f.plot.left + f.plot.width, 9);
    expect(f.y(10)).toBe(f.plot.top);
    expect(f.y(1e-3)).toBeCloseTo(f.plot.top + f.plot.height, 9);
    // 1 lies a quarter of the way down four decades.
    expect(f.y(1)).toBeCloseTo(f.plot.top + f.plot.height / 4, 9);
    const at = '2026-11-20 13:00:00';
    expect(f.timeAt(f.x(at))).toBeCloseTo(parseTimestamp(at)!.getTime(), 0);
    expect(f.valueAt(f.y(0.0123))).toBeCloseTo(0.0123, 12);
  });

  it('clips a value beyond the axis to its edge', () => {
    const f = chartFrame(chart, 720, 400);
    expect(f.y(1e-9)).toBeCloseTo(f.plot.top + f.plot.height, 9);
    expect(f.y(1e6)).toBe(f.plot.top);
  });
});
