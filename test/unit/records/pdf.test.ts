/**
 * shared/records/pdf.ts: a record laid out as a PDF, read back with PDF.js (an independent reader) as an authority's
 * viewer would show it (what makes it PDF/A-2b: pdfa.test.ts); its decay chart rendered by poppler's pdftoppm and
 * found drawn where it stands.
 */
import { describe, expect, it } from 'vitest';
import { decayChart } from '../../../shared/domain/decay-chart';
import type { ReleaseRecordContent } from '../../../shared/domain/record-content';
import { CHART_HEIGHT, renderReleaseRecord } from '../../../shared/records/pdf';
import { chartInput } from '../../support/charts';
import { readPdf, textPosition } from '../../support/pdf';
import { renderGrey } from '../../support/poppler';

const content: ReleaseRecordContent = {
  title: 'Freigabeprotokoll',
  subtitle: 'Feststellung nach § 42 Abs. 1 StrlSchV – Behälter 7',
  sections: [
    { heading: 'Behälter', lines: [['Name', 'Behälter 7 ☢ (Müll) 漢 ÄÖÜäöüß']] },
    { heading: 'Inhalte', table: { columns: ['Nuklid', 'Aktivität (Bq)'], rows: [['F-18', '900.000']] } },
    { heading: 'Begründung', paragraphs: [`${'Lang '.repeat(1500)}${'x'.repeat(300)} Ende`] },
  ],
  footer: 'Alle Zeitangaben in UTC.',
};
const at = new Date('2026-11-25T10:00:00Z');

describe('renderReleaseRecord', () => {
  it('lays out the title, sections, tables and a footer with page numbers on every page', async () => {
    const bytes = await renderReleaseRecord(content, at);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const { pages } = await readPdf(bytes);
    const text = pages.join('\n');
    expect(pages[0]!.split('\n').slice(0, 3)).toEqual([
      'Freigabeprotokoll',
      'Feststellung nach § 42 Abs. 1 StrlSchV – Behälter 7',
      'Behälter',
    ]);
    // DejaVu Sans has the umlauts, ß, § and ☢; a character it lacks (漢) is drawn as `?`, never as a missing glyph.
    expect(text).toMatch(/Name\s+Behälter 7 ☢ \(Müll\) \? ÄÖÜäöüß/);
    expect(text).toMatch(/Nuklid\s+Aktivität \(Bq\)\nF-18\s+900\.000/);
    // 1,500 words and a word longer than a line wrap over the page: two pages, each with its footer.
    expect(pages).toHaveLength(2);
    expect(pages[0]).toMatch(/Alle Zeitangaben in UTC\.\s+Seite 1 von 2$/);
    expect(pages[1]).toMatch(/Alle Zeitangaben in UTC\.\s+Seite 2 von 2$/);
    expect(text).toMatch(/x{50}/);
    expect(text).toContain('Ende');
  });

  it('gives the same bytes for the same record and time', async () => {
    expect(await renderReleaseRecord(content, at)).toEqual(await renderReleaseRecord(content, at));
  });
});

describe('the decay chart in a record', () => {
  const chart = decayChart(chartInput());
  const withChart: ReleaseRecordContent = {
    ...content,
    sections: [content.sections[0]!, { heading: chart.title, chart }, content.sections[1]!],
  };

  it('is drawn where it stands (poppler renders ink below its heading), in German words', async () => {
    const bytes = await renderReleaseRecord(withChart, at);
    const text = (await readPdf(bytes)).pages.join('\n');
    for (const words of [
      'Summe der Verhältniszahlen über der Zeit',
      'Vorhersage aus den angegebenen Inhalten',
      'Freigabe',
    ])
      expect(text).toContain(words);
    const heading = await textPosition(bytes, chart.title);
    const dpi = 50;
    const image = renderGrey(bytes, dpi, heading.page);
    const scale = dpi / 72;
    // The chart's box: below its heading, the text's width, CHART_HEIGHT tall (page points, y up from the foot).
    const box = {
      left: Math.round(50 * scale),
      right: Math.round((595.28 - 50) * scale),
      top: Math.round((heading.pageHeight - heading.y + 6) * scale),
      bottom: Math.round((heading.pageHeight - heading.y + 6 + CHART_HEIGHT) * scale),
    };
    let ink = 0;
    let pixels = 0;
    for (let y = box.top; y < Math.min(box.bottom, image.height); y++)
      for (let x = box.left; x < box.right; x++, pixels++) if (image.at(x, y) < 200) ink++;
    // Axes, grid, curve, points and words: well over 1 % of the box is drawn; a blank box would be 0.
    expect(ink / pixels).toBeGreaterThan(0.01);
    // Beside it, in the page's right margin, nothing is drawn: the ink is the chart's.
    let margin = 0;
    for (let y = box.top; y < Math.min(box.bottom, image.height); y++)
      for (let x = box.right + 2; x < Math.round(590 * scale); x++) if (image.at(x, y) < 200) margin++;
    expect(margin).toBe(0);
  });
});
