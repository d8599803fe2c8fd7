/**
 * shared/records/label-pdf.ts: a container's label drawn as a PDF, read back as a printer and a scanner would: its
 * size and text through PDF.js, its page rendered by poppler's pdftoppm, the radiation sign found in the ink, and its
 * QR code decoded by ZBar's zbarimg (a real decoder: nothing here reads back what was drawn).
 */
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { containerLabel, DE_LABEL_WORDS, type LabelWords, US_LABEL_WORDS } from '../../../shared/domain/label';
import { LABEL_SIZE, renderLabel } from '../../../shared/records/label-pdf';
import { readPdf } from '../../support/pdf';
import { decodeQr, renderGrey } from '../../support/poppler';

const path =
  '/waste-management/api/v1/8d1c6e62-3f0e-4d5a-9a51-2c5c0e1f7b10/3b0f2a51-7c4e-4f8e-b2f1-6a9d0c1e2f30/container/' +
  '0193a5c2-7d1e-7c3a-9f00-5b2e4c6d8a10';
const labelOf = (words: LabelWords, name = 'Abklingbehälter 7') =>
  containerLabel({
    container: { Uuid: '0193a5c2-7d1e-7c3a-9f00-5b2e4c6d8a10', Name: name, ReleaseDateTime: '2027-01-14 09:00:00' },
    contents: [
      { nuclide: 'Tc-99m', activity: 2e9, activityDateTime: '2026-11-29 06:00:00', impurities: [] },
      { nuclide: 'I-131', activity: 3.7e8, activityDateTime: '2026-11-28 06:00:00', impurities: [] },
    ],
    sealedAt: '2026-11-29 07:00:00',
    path,
    now: new Date('2026-11-29T12:00:00Z'),
    timeZone: words === US_LABEL_WORDS ? 'America/Chicago' : 'Europe/Berlin',
    words,
  });

describe('renderLabel', () => {
  it('is one page of 62 mm × 100 mm', async () => {
    const pdf = await PDFDocument.load(await renderLabel(labelOf(DE_LABEL_WORDS)));
    expect(pdf.getPageCount()).toBe(1);
    const { width, height } = pdf.getPage(0).getSize();
    expect((width * 25.4) / 72).toBeCloseTo(62, 1);
    expect((height * 25.4) / 72).toBeCloseTo(100, 1);
    expect(LABEL_SIZE.width).toBe(width);
  });

  it('says "Radioaktiv" and the German lines, and its code holds the container’s API path', async () => {
    const bytes = await renderLabel(labelOf(DE_LABEL_WORDS));
    const text = (await readPdf(bytes)).pages.join('\n').replace(/\s+/g, ' ');
    for (const words of [
      'Radioaktiv',
      'Abklingbehälter 7',
      'Nuklide: Tc-99m, I-131',
      'Verschlossen: 29.11.2026, 08:00 MEZ',
      'Freigabe voraussichtlich: 14.01.2027, 10:00 MEZ',
      'Aktivität (geschätzt) am 29.11.2026, 13:00 MEZ',
      'Tc-99m: 1 GBq',
      'I-131: 332 MBq',
      '§ 91 Abs. 1 StrlSchV',
    ])
      expect(text).toContain(words);
    expect(decodeQr(bytes)).toEqual([path]);
  });

  it('says "CAUTION, RADIOACTIVE MATERIAL" with curies and US dates, and its code decodes the same', async () => {
    const bytes = await renderLabel(labelOf(US_LABEL_WORDS));
    const text = (await readPdf(bytes)).pages.join('\n').replace(/\s+/g, ' ');
    for (const words of [
      'CAUTION, RADIOACTIVE MATERIAL',
      'Sealed: 11/29/2026, 01:00 AM CST',
      'Estimated activity on 11/29/2026, 06:00 AM CST',
      'Tc-99m: 1 GBq (27 mCi)',
      '10 CFR 20.1904',
    ])
      expect(text).toContain(words);
    expect(decodeQr(bytes)).toEqual([path]);
  });

  it('keeps a long name to two lines and the code readable', async () => {
    const bytes = await renderLabel(labelOf(DE_LABEL_WORDS, 'Sehr langer Name '.repeat(7).trim()));
    const text = (await readPdf(bytes)).pages.join('\n');
    expect(text).toContain('…');
    expect(decodeQr(bytes)).toEqual([path]);
  });

  it('draws the radiation sign black on yellow: the disc and a blade dark, between the blades yellow', async () => {
    const page = renderGrey(await renderLabel(labelOf(DE_LABEL_WORDS)), 300);
    const mm = 300 / 25.4;
    // The sign's centre: 3 mm margin + (24 − 19) / 2 mm + 9.5 mm from the left and from the top.
    const cx = Math.round((3 + 2.5 + 9.5) * mm);
    const cy = Math.round((3 + 2.5 + 9.5) * mm);
    const r = 1.9 * mm; // a tenth of the 19 mm sign
    const at = (radius: number, degrees: number) =>
      page.at(
        Math.round(cx + radius * Math.cos((degrees * Math.PI) / 180)),
        Math.round(cy - radius * Math.sin((degrees * Math.PI) / 180)),
      );
    expect(page.at(cx, cy)).toBeLessThan(60); // the disc
    expect(at(3 * r, 30)).toBeLessThan(60); // a blade (0° to 60°)
    expect(at(3 * r, 270)).toBeLessThan(60); // the blade pointing down
    const yellow = at(3 * r, 90); // between two blades
    expect(yellow).toBeGreaterThan(100);
    expect(yellow).toBeLessThan(230);
  });
});
