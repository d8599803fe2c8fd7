/**
 * shared/records/pdf.ts: a record laid out as a PDF, read back with PDF.js (an independent reader) as an authority's
 * viewer would show it (what makes it PDF/A-2b: pdfa.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { ReleaseRecordContent } from '../../../shared/domain/record-content';
import { renderReleaseRecord } from '../../../shared/records/pdf';
import { readPdf } from '../../support/pdf';

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
