/**
 * A PDF read back as a viewer and an archivist would: its text, page by page and line by line, and its document
 * information and XMP metadata through Mozilla's PDF.js (the legacy build, for Node: an independent reader, where the
 * tests once used poppler's pdftotext); its fonts, output intent and trailer from its objects through pdf-lib's
 * parser, listed as poppler's pdffonts lists them.
 */
import fontkit from '@pdf-lib/fontkit';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFNumber,
  type PDFRawStream,
  type PDFRef,
  type PDFObject,
  decodePDFRawStream,
} from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfRead {
  /** Each page's text: lines top to bottom, the pieces of a line left to right, gaps as runs of spaces. */
  pages: string[];
  /** The document information dictionary, as PDF.js reads it (`Title`, `CreationDate`, `EncryptFilterName`...). */
  info: Record<string, unknown>;
  /** The XMP metadata's properties (`pdfaid:part`, `dc:title`...), as PDF.js parses them; empty without a stream. */
  xmp: Map<string, string>;
}

/** A piece of text as PDF.js gives it: its string, its width and height, and where it starts (transform[4], [5]). */
type TextItem = { str: string; width: number; height: number; transform: number[] };

/** Pieces on one baseline make a line; a gap of about a space or more between them is kept as spaces. */
function layoutPage(items: TextItem[]): string {
  const lines = new Map<number, TextItem[]>();
  for (const item of items.filter((i) => i.str !== '')) {
    const y = Math.round(item.transform[5]! * 10) / 10;
    lines.set(y, [...(lines.get(y) ?? []), item]);
  }
  return [...lines.entries()]
    .sort(([a], [b]) => b - a)
    .map(([, pieces]) => {
      let text = '';
      let end: number | undefined;
      for (const piece of pieces.sort((a, b) => a.transform[4]! - b.transform[4]!)) {
        const x = piece.transform[4]!;
        // A piece without a height (a lone space, say) is measured by a 9-point font.
        if (end !== undefined) text += ' '.repeat(Math.max(1, Math.round((x - end) / ((piece.height || 9) * 0.3))));
        text += piece.str;
        end = x + piece.width;
      }
      return text;
    })
    .join('\n');
}

export async function readPdf(bytes: Uint8Array): Promise<PdfRead> {
  const task = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, disableFontFace: true, verbosity: 0 });
  const doc = await task.promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      pages.push(layoutPage(content.items.flatMap((i) => ('str' in i ? [i] : []))));
    }
    const { info, metadata } = await doc.getMetadata();
    return { pages, info: info as Record<string, unknown>, xmp: new Map(metadata ? [...metadata] : []) };
  } finally {
    await task.destroy();
  }
}

/** Where a text first stands: its page (from 1), its left x and baseline y in points (y up), the page's height. */
export async function textPosition(
  bytes: Uint8Array,
  text: string,
): Promise<{ page: number; x: number; y: number; pageHeight: number }> {
  const task = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, disableFontFace: true, verbosity: 0 });
  const doc = await task.promise;
  try {
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const items = (await page.getTextContent()).items.flatMap((i) => ('str' in i ? [i as TextItem] : []));
      const found = items.find((i) => i.str.includes(text));
      if (found)
        return { page: n, x: found.transform[4]!, y: found.transform[5]!, pageHeight: page.view[3]! - page.view[1]! };
    }
    throw new Error(`"${text}" is not in the PDF`);
  } finally {
    await task.destroy();
  }
}

/** A font of the document, as pdffonts lists it. */
export interface FontRow {
  name: string;
  /** `Type0/CIDFontType2` for a composite font, `TrueType`, `Type1`... for a simple one. */
  type: string;
  encoding: string;
  /** Its font program is in the file (FontFile, FontFile2 or FontFile3). */
  embedded: boolean;
  /** Which: `FontFile2` (TrueType) ... */
  program: string | undefined;
  /** A subset (its name carries a six-letter tag). */
  subset: boolean;
  /** It maps its codes to Unicode (ToUnicode). */
  unicode: boolean;
  /** For an embedded composite font: how many widths (W) it gives, and the CIDs whose width differs from the font
   * program's advance by more than 1. */
  widths: { checked: number; mismatches: number[] };
}

export interface PdfStructure {
  fonts: FontRow[];
  /** Each output intent: its subtype (`GTS_PDFA1`), condition, the ICC profile's colour space and components. */
  outputIntents: { subtype: string; condition: string; colourSpace: string; components: number }[];
  /** The catalog's XMP stream: present, and filtered (PDF/A wants it readable as it is). */
  metadataStream: { present: boolean; filtered: boolean };
  encrypted: boolean;
  /** The trailer's ID: its two strings, as hex. */
  id: string[] | undefined;
}

const text = (o: PDFObject | undefined) => (o === undefined ? '' : o.toString().replace(/^\//, ''));

function checkWidths(program: Uint8Array, widths: PDFArray | undefined): FontRow['widths'] {
  const font = fontkit.create(Buffer.from(program));
  const advance = (cid: number) => (font.getGlyph(cid).advanceWidth * 1000) / font.unitsPerEm;
  const entries = widths?.asArray().map((o) => (o instanceof PDFArray ? o.asArray() : o)) ?? [];
  const wrong: number[] = [];
  let checked = 0;
  for (let i = 0; i < entries.length; ) {
    const first = (entries[i] as PDFNumber).asNumber();
    const next = entries[i + 1];
    const pairs: [number, number][] = Array.isArray(next)
      ? next.map((w, k) => [first + k, (w as PDFNumber).asNumber()])
      : Array.from({ length: (next as PDFNumber).asNumber() - first + 1 }, (_, k) => [
          first + k,
          (entries[i + 2] as PDFNumber).asNumber(),
        ]);
    for (const [cid, width] of pairs) {
      checked++;
      if (Math.abs(advance(cid) - width) > 1) wrong.push(cid);
    }
    i += Array.isArray(next) ? 2 : 3;
  }
  return { checked, mismatches: wrong };
}

export async function pdfStructure(bytes: Uint8Array): Promise<PdfStructure> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const { context, catalog } = pdf;
  const get = <T extends PDFObject>(dict: PDFDict | undefined, key: string) =>
    dict?.lookup(PDFName.of(key)) as T | undefined;
  const decoded = (stream: PDFRawStream) => decodePDFRawStream(stream).decode();
  const fonts: FontRow[] = [];
  for (const [, object] of context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || text(object.get(PDFName.of('Type'))) !== 'Font') continue;
    const subtype = text(object.get(PDFName.of('Subtype')));
    if (subtype.startsWith('CIDFont')) continue; // listed with its Type0 parent
    const descendant = get<PDFArray>(object, 'DescendantFonts')?.lookup(0, PDFDict);
    const descriptor = get<PDFDict>(descendant ?? object, 'FontDescriptor');
    const program = ['FontFile', 'FontFile2', 'FontFile3'].find((key) => get(descriptor, key) !== undefined);
    const name = text(object.get(PDFName.of('BaseFont')));
    fonts.push({
      name,
      type: descendant ? `${subtype}/${text(descendant.get(PDFName.of('Subtype')))}` : subtype,
      encoding: text(object.get(PDFName.of('Encoding'))),
      embedded: program !== undefined,
      program,
      subset: /^[A-Z]{6}\+/.test(name),
      unicode: object.has(PDFName.of('ToUnicode')),
      widths:
        descendant && program === 'FontFile2'
          ? checkWidths(decoded(get<PDFRawStream>(descriptor, program)!), get<PDFArray>(descendant, 'W'))
          : { checked: 0, mismatches: [] },
    });
  }
  const intents = get<PDFArray>(catalog, 'OutputIntents')?.asArray() ?? [];
  const outputIntents = intents.map((ref) => {
    const intent = context.lookup(ref as PDFRef, PDFDict);
    const profile = get<PDFRawStream>(intent, 'DestOutputProfile')!;
    const icc = decoded(profile);
    return {
      subtype: text(intent.get(PDFName.of('S'))),
      condition: get<PDFObject>(intent, 'OutputConditionIdentifier')?.toString() ?? '',
      colourSpace: Buffer.from(icc.slice(16, 20)).toString('latin1').trim(),
      components: (profile.dict.lookup(PDFName.of('N')) as PDFNumber).asNumber(),
    };
  });
  const metadata = get<PDFRawStream>(catalog, 'Metadata');
  const id = context.trailerInfo.ID as PDFArray | undefined;
  return {
    fonts,
    outputIntents,
    metadataStream: { present: metadata !== undefined, filtered: metadata?.dict.has(PDFName.of('Filter')) ?? false },
    encrypted: context.trailerInfo.Encrypt !== undefined,
    id: id?.asArray().map((s) => s.toString().replace(/^<|>$/g, '')),
  };
}

/** The fonts as poppler's pdffonts prints them. */
export function fontTable(fonts: readonly FontRow[]): string {
  const yesNo = (b: boolean) => (b ? 'yes' : 'no ');
  return [
    'name                            type                 encoding     emb sub uni program',
    ...fonts.map(
      (f) =>
        `${f.name.padEnd(31)} ${f.type.padEnd(20)} ${f.encoding.padEnd(12)} ${yesNo(f.embedded)} ` +
        `${yesNo(f.subset)} ${yesNo(f.unicode)} ${f.program ?? '-'}`,
    ),
  ].join('\n');
}
