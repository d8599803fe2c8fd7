/**
 * shared/records/pdfa.ts: a rendered record's objects checked for what PDF/A-2b asks that can be checked without a
 * validator (the list, and what stays unchecked: docs/decisions.md), read with PDF.js, an independent reader.
 */
import { describe, expect, it } from 'vitest';
import type { ReleaseRecordContent } from '../../../shared/domain/record-content';
import { renderReleaseRecord } from '../../../shared/records/pdf';
import { fontTable, pdfStructure, readPdf } from '../../support/pdf';

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

describe('a release record as PDF/A-2b', () => {
  it('is a PDF/A-2b: embedded fonts, XMP identification and document information, sRGB output intent, ID', async () => {
    const bytes = await renderReleaseRecord(content, at);
    const structure = await pdfStructure(bytes);
    process.stdout.write(`release record fonts (pdffonts):\n${fontTable(structure.fonts)}\n`);
    // 6.2.11.4: every font embedded; DejaVu Sans as TrueType subsets whose widths match their programs (6.2.11.5).
    expect(structure.fonts.map((f) => f.name.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual([
      'DejaVuSans',
      'DejaVuSans-Bold',
    ]);
    for (const font of structure.fonts)
      expect(font).toMatchObject({
        type: 'Type0/CIDFontType2',
        encoding: 'Identity-H',
        embedded: true,
        program: 'FontFile2',
        subset: true,
        unicode: true,
        widths: { checked: expect.any(Number), mismatches: [] },
      });
    // Each font's widths cover the characters it draws (at least the title's or the text's distinct letters).
    for (const font of structure.fonts) expect(font.widths.checked).toBeGreaterThan(10);
    // 6.6.2: the XMP stream, unfiltered, identifies PDF/A-2B; 6.6.3: it repeats the information dictionary.
    expect(structure.metadataStream).toEqual({ present: true, filtered: false });
    const { info, xmp } = await readPdf(bytes);
    expect([xmp.get('pdfaid:part'), xmp.get('pdfaid:conformance')]).toEqual(['2', 'B']);
    expect(info).toMatchObject({
      Title: content.title,
      Subject: content.subtitle,
      Creator: 'nm-archive release record',
      Producer: 'nm-archive',
      CreationDate: 'D:20261125100000Z',
      ModDate: 'D:20261125100000Z',
      EncryptFilterName: null,
    });
    expect(Object.fromEntries(xmp)).toMatchObject({
      'dc:title': content.title,
      'dc:description': content.subtitle,
      'xmp:creatortool': 'nm-archive release record',
      'pdf:producer': 'nm-archive',
      'xmp:createdate': '2026-11-25T10:00:00Z',
      'xmp:modifydate': '2026-11-25T10:00:00Z',
    });
    // 6.2.3: one output intent, GTS_PDFA1, with an RGB ICC profile (the record draws in DeviceRGB).
    expect(structure.outputIntents).toEqual([
      { subtype: 'GTS_PDFA1', condition: '(sRGB IEC61966-2.1)', colourSpace: 'RGB', components: 3 },
    ]);
    // 6.1.3: no encryption, an ID in the trailer (two 16-byte strings); 6.1.2: the header's binary comment.
    expect(structure.encrypted).toBe(false);
    expect(structure.id).toEqual([expect.stringMatching(/^[0-9a-f]{32}$/), structure.id![0]]);
    expect([...bytes.slice(9, 14)]).toEqual([0x25, 0x81, 0x81, 0x81, 0x81]);
    // 6.1.3: nothing after the last %%EOF but an end-of-line.
    expect(new TextDecoder().decode(bytes.slice(-7))).toMatch(/%%EOF\r?\n?$/);
  });
});
