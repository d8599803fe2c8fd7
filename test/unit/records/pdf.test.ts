/**
 * shared/records/pdf.ts: a record laid out as a PDF and read back with poppler's pdftotext (an independent
 * reader), as an authority's viewer would show it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ReleaseRecordContent } from '../../../shared/domain/record-content';
import { renderReleaseRecord } from '../../../shared/records/pdf';

const content: ReleaseRecordContent = {
  title: 'Freigabeprotokoll',
  subtitle: 'Feststellung nach § 42 Abs. 1 StrlSchV – Behälter 7',
  sections: [
    { heading: 'Behälter', lines: [['Name', 'Behälter 7 ☢ (Müll)']] },
    { heading: 'Inhalte', table: { columns: ['Nuklid', 'Aktivität (Bq)'], rows: [['F-18', '900.000']] } },
    { heading: 'Begründung', paragraphs: [`${'Lang '.repeat(1500)}${'x'.repeat(300)} Ende`] },
  ],
  footer: 'Alle Zeitangaben in UTC.',
};

function pdfToText(bytes: Uint8Array): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nm-archive-pdf-'));
  try {
    writeFileSync(path.join(dir, 'record.pdf'), bytes);
    return execFileSync('pdftotext', ['-layout', path.join(dir, 'record.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('renderReleaseRecord', () => {
  it('lays out the title, sections, tables and a footer with page numbers on every page', async () => {
    const bytes = await renderReleaseRecord(content, new Date('2026-11-25T10:00:00Z'));
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const text = pdfToText(bytes);
    expect(text).toContain('Freigabeprotokoll');
    expect(text).toContain('Feststellung nach § 42 Abs. 1 StrlSchV');
    expect(text).toMatch(/Name\s+Behälter 7 \? \(Müll\)/);
    expect(text).toMatch(/F-18\s+900\.000/);
    // 1,500 words and a word longer than a line wrap over the page: two pages, each with its footer.
    expect(text).toMatch(/Alle Zeitangaben in UTC\.\s+Seite 1 von 2/);
    expect(text).toMatch(/Alle Zeitangaben in UTC\.\s+Seite 2 von 2/);
    expect(text).toMatch(/x{50}/);
    expect(text).toContain('Ende');
  });

  it('gives the same bytes for the same record and time', async () => {
    const at = new Date('2026-11-25T10:00:00Z');
    expect(await renderReleaseRecord(content, at)).toEqual(await renderReleaseRecord(content, at));
  });
});
