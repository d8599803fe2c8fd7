/**
 * Draws a decay chart (shared/domain/decay-chart.ts) as SVG on the server, no browser needed: the prediction as a
 * polyline, the clearance line at 1, each decision measurement as a point with its band, the predicted and the actual
 * release as vertical lines, axes with their ticks, and a legend. Elements carry a `data-part` name so a reader (a
 * test, an inspector's tool) finds what each is. Pure: string building only.
 */
import type { DecayChart } from '../domain/decay-chart';
import { chartFrame } from './chart-layout';

export const SVG_SIZE = { width: 720, height: 400 } as const;

const COLORS = {
  prediction: '#1f5fa8',
  clearance: '#b42318',
  measurement: '#111111',
  predicted: '#6b7280',
  release: '#0f7b3e',
};

const xmlText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
const n = (value: number) => Number(value.toFixed(2)).toString();

export function chartSvg(chart: DecayChart): string {
  const { width, height } = SVG_SIZE;
  const f = chartFrame(chart, width, height);
  const { plot } = f;
  const bottom = plot.top + plot.height;
  const parts: string[] = [];
  const text = (x: number, y: number, content: string, attributes = '') =>
    parts.push(`<text x="${n(x)}" y="${n(y)}" ${attributes}>${xmlText(content)}</text>`);
  const vertical = (part: string, at: string, color: string, label: string) => {
    const x = f.x(at);
    parts.push(
      `<line data-part="${part}" data-at="${at}" x1="${n(x)}" y1="${n(plot.top)}" x2="${n(x)}" y2="${n(bottom)}" ` +
        `stroke="${color}" stroke-dasharray="5 4" stroke-width="1.2"/>`,
    );
    text(x + 3, plot.top + 10, label, `fill="${color}" font-size="10"`);
  };

  parts.push(`<rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>`);
  // Grid and value ticks: one line per decade.
  for (const tick of chart.yTicks) {
    const y = f.y(tick.value);
    parts.push(
      `<line x1="${n(plot.left)}" y1="${n(y)}" x2="${n(plot.left + plot.width)}" y2="${n(y)}" stroke="#e5e7eb"/>`,
    );
    text(plot.left - 6, y + 3, tick.label, 'font-size="10" text-anchor="end"');
  }
  chart.xTicks.forEach((tick, i) => {
    const x = f.x(tick.at);
    parts.push(`<line x1="${n(x)}" y1="${n(bottom)}" x2="${n(x)}" y2="${n(bottom + 4)}" stroke="#374151"/>`);
    // The first and the last label stay inside the chart.
    const anchor = i === 0 ? 'start' : i === chart.xTicks.length - 1 ? 'end' : 'middle';
    text(x, bottom + 15, tick.label, `font-size="10" text-anchor="${anchor}"`);
  });
  parts.push(
    `<rect x="${n(plot.left)}" y="${n(plot.top)}" width="${n(plot.width)}" height="${n(plot.height)}" ` +
      'fill="none" stroke="#374151"/>',
  );
  text(plot.left + plot.width / 2, bottom + 30, chart.words.x, 'font-size="11" text-anchor="middle"');
  text(
    12,
    plot.top + plot.height / 2,
    chart.words.y,
    `font-size="11" text-anchor="middle" transform="rotate(-90 12 ${n(plot.top + plot.height / 2)})"`,
  );
  // The clearance line at 1.
  parts.push(
    `<line data-part="clearance" x1="${n(plot.left)}" y1="${n(f.y(1))}" x2="${n(plot.left + plot.width)}" ` +
      `y2="${n(f.y(1))}" stroke="${COLORS.clearance}" stroke-width="1.5"/>`,
  );
  if (chart.prediction.length)
    parts.push(
      `<polyline data-part="prediction" fill="none" stroke="${COLORS.prediction}" stroke-width="2" points="` +
        `${chart.prediction.map((p) => `${n(f.x(p.at))},${n(f.y(p.value))}`).join(' ')}"/>`,
    );
  else text(plot.left + 8, plot.top + plot.height - 8, chart.words.noPrediction, 'font-size="11" fill="#6b7280"');
  if (chart.predictedRelease)
    vertical('predicted-release', chart.predictedRelease, COLORS.predicted, chart.words.predicted);
  if (chart.release) vertical('release', chart.release, COLORS.release, chart.words.released);
  for (const m of chart.measurements) {
    const x = f.x(m.at);
    parts.push(
      `<line data-part="measurement-band" x1="${n(x)}" y1="${n(f.y(m.high))}" x2="${n(x)}" y2="${n(f.y(m.low))}" ` +
        `stroke="${COLORS.measurement}" stroke-width="1.2"/>`,
      `<circle data-part="measurement" data-at="${m.at}" data-value="${Number(m.value.toPrecision(6))}" ` +
        `cx="${n(x)}" cy="${n(f.y(m.value))}" r="4" fill="${m.detected ? COLORS.measurement : '#ffffff'}" ` +
        `stroke="${COLORS.measurement}" stroke-width="1.5"/>`,
    );
  }
  // The legend, below the time axis.
  const legend: [string, string][] = [
    [COLORS.prediction, chart.words.prediction],
    [COLORS.clearance, chart.words.clearance],
    [COLORS.measurement, `${chart.words.measurement} (○ ${chart.words.notDetected})`],
  ];
  legend.forEach(([color, label], i) => {
    const y = bottom + 46 + i * 12;
    parts.push(
      `<line x1="${n(plot.left)}" y1="${n(y - 3)}" x2="${n(plot.left + 18)}" y2="${n(y - 3)}" ` +
        `stroke="${color}" stroke-width="2"/>`,
    );
    text(plot.left + 24, y, label, 'font-size="10"');
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ` +
    `font-family="DejaVu Sans, Arial, sans-serif" lang="${chart.language}" role="img" ` +
    `aria-label="${xmlText(chart.title)}">` +
    `<title>${xmlText(chart.title)}</title>${parts.join('')}</svg>\n`
  );
}
