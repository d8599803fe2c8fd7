/** shared/records/example-chart.ts: the guide's chart is the walkthrough's container as the service draws it. */
import { describe, expect, it } from 'vitest';
import { exampleChartSvg } from '../../../shared/records/example-chart';

describe('the example chart of the release guide', () => {
  it('draws the prediction falling through 1, the measurement on it, the predicted and the actual release', () => {
    const svg = exampleChartSvg();
    expect(svg).toContain('<title>Sum of ratios over time</title>');
    for (const part of ['prediction', 'clearance', 'measurement', 'predicted-release', 'release'])
      expect(svg).toContain(`data-part="${part}"`);
    expect(svg).toContain('data-at="2026-11-20 12:00:00" data-value="0.87"');
  });
});
