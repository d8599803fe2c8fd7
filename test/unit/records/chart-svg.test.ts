/**
 * shared/records/chart-svg.ts: the decay chart as SVG, read back: the prediction's polyline points are the model's
 * values through the frame, each measurement stands where its sum of ratios is, the clearance line at 1, the release
 * lines at their times, the words in the chart's language.
 */
import { describe, expect, it } from 'vitest';
import { decayChart } from '../../../shared/domain/decay-chart';
import { parseTimestamp } from '../../../shared/domain/time';
import { chartFrame } from '../../../shared/records/chart-layout';
import { chartSvg, SVG_SIZE } from '../../../shared/records/chart-svg';
import { chartInput } from '../../support/charts';

const chart = (language: 'de' | 'en' = 'en') => decayChart(chartInput({ language }));

const attribute = (element: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(element)?.[1];
const elements = (svg: string, part: string) => svg.match(new RegExp(`<[a-z]+ data-part="${part}"[^>]*>`, 'g')) ?? [];

describe('chartSvg', () => {
  it("draws the prediction's points where the model puts them (read back through the frame)", () => {
    const model = chart();
    const svg = chartSvg(model);
    const frame = chartFrame(model, SVG_SIZE.width, SVG_SIZE.height);
    const [polyline] = elements(svg, 'prediction');
    const points = attribute(polyline!, 'points')!
      .split(' ')
      .map((p) => p.split(',').map(Number) as [number, number]);
    expect(points).toHaveLength(model.prediction.length);
    points.forEach(([x, y], i) => {
      const expected = model.prediction[i]!;
      // Drawn to 0.01 px: the time within a minute, the value within 0.1 % of its decade.
      expect(Math.abs(frame.timeAt(x) - parseTimestamp(expected.at)!.getTime())).toBeLessThan(60_000);
      if (expected.value >= 10 ** model.lowDecade)
        expect(Math.abs(Math.log10(frame.valueAt(y)) - Math.log10(expected.value))).toBeLessThan(1e-3);
    });
  });

  it('puts the measurement at its sum of ratios, the clearance line at 1, the releases at their times', () => {
    const model = chart();
    const svg = chartSvg(model);
    const frame = chartFrame(model, SVG_SIZE.width, SVG_SIZE.height);
    const [point] = elements(svg, 'measurement');
    expect(frame.valueAt(Number(attribute(point!, 'cy')))).toBeCloseTo(0.01, 4);
    expect(attribute(point!, 'data-at')).toBe('2026-11-20 12:00:00');
    const [clearance] = elements(svg, 'clearance');
    expect(frame.valueAt(Number(attribute(clearance!, 'y1')))).toBeCloseTo(1, 4);
    for (const [part, at] of [
      ['predicted-release', model.predictedRelease!],
      ['release', model.release!],
    ] as const) {
      const [line] = elements(svg, part);
      expect(Math.abs(frame.timeAt(Number(attribute(line!, 'x1'))) - parseTimestamp(at)!.getTime())).toBeLessThan(
        60_000,
      );
    }
  });

  it('is a standalone SVG in the language of its words, text escaped', () => {
    const german = chartSvg(chart('de'));
    expect(german.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(german).toContain('lang="de"');
    expect(german).toContain('<title>Summe der Verhältniszahlen über der Zeit</title>');
    expect(german).toContain('Vorhersage aus den angegebenen Inhalten');
    expect(chartSvg(chart('en'))).toContain('Decision measurement ± u');
    expect(chartSvg({ ...chart(), title: 'a < b & "c"' })).toContain('<title>a &lt; b &amp; &quot;c&quot;</title>');
  });
});
