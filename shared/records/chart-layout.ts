/**
 * Where a decay chart's parts stand on a canvas (origin top left, y down): the plot area, and the position of a time
 * and of a sum of ratios on the logarithmic axis. The SVG and the PDF renderers draw by it, and a test reads the
 * drawn points back through it. Pure.
 */
import type { DecayChart } from '../domain/decay-chart';
import { parseTimestamp } from '../domain/time';

export interface ChartFrame {
  width: number;
  height: number;
  plot: { left: number; top: number; width: number; height: number };
  /** x of a UTC timestamp. */
  x: (timestamp: string) => number;
  /** y of a sum of ratios (clipped to the axis). */
  y: (value: number) => number;
  /** The time at x, and the value at y: what a reader of the drawing recovers. */
  timeAt: (x: number) => number;
  valueAt: (y: number) => number;
}

/** Room around the plot: the value labels left, the legend and the time labels below. */
const MARGIN = { left: 52, right: 14, top: 12, bottom: 74 } as const;

export function chartFrame(chart: DecayChart, width: number, height: number): ChartFrame {
  const plot = {
    left: MARGIN.left,
    top: MARGIN.top,
    width: width - MARGIN.left - MARGIN.right,
    height: height - MARGIN.top - MARGIN.bottom,
  };
  const from = parseTimestamp(chart.from)!.getTime();
  const until = parseTimestamp(chart.until)!.getTime();
  const decades = chart.highDecade - chart.lowDecade;
  const clip = (v: number) => Math.min(chart.highDecade, Math.max(chart.lowDecade, Math.log10(v)));
  return {
    width,
    height,
    plot,
    x: (timestamp) => plot.left + ((parseTimestamp(timestamp)!.getTime() - from) / (until - from)) * plot.width,
    y: (value) => plot.top + ((chart.highDecade - clip(value)) / decades) * plot.height,
    timeAt: (x) => from + ((x - plot.left) / plot.width) * (until - from),
    valueAt: (y) => 10 ** (chart.highDecade - ((y - plot.top) / plot.height) * decades),
  };
}
