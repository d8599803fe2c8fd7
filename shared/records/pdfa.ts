/**
 * What makes a release record PDF/A-2b (ISO 19005-2, level B: it renders the same in thirty years), apart from the
 * layout (shared/records/pdf.ts): embedded fonts (DejaVu Sans, from the npm package dejavu-fonts-ttf: Bitstream Vera
 * licence, embedding and redistribution allowed; subset), an XMP metadata stream that identifies the file as PDF/A-2B
 * and repeats the document information, an sRGB output intent (the ICC's sRGB2014.icc, shared/records/assets/), and
 * a document ID in the trailer. The files are read when a record is made: on AWS beside the bundle (the functions
 * that make records get them copied there: RECORD_ASSETS), locally from the repository.
 */
import { readFileSync } from 'node:fs';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import { assetPath } from '../assets';

/** The files a record's renderer reads, relative to the repository root (copied beside the bundle on AWS). */
export const RECORD_ASSETS = {
  regular: 'node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'node_modules/dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
  colourProfile: 'shared/records/assets/sRGB2014.icc',
} as const;

/** What the output intent names: the colour space every colour of the record is given in (DeviceRGB). */
const OUTPUT_CONDITION = 'sRGB IEC61966-2.1';

const files = new Map<string, Uint8Array>();
/** A file of RECORD_ASSETS, read once per container. */
function asset(file: string): Uint8Array {
  let bytes = files.get(file);
  if (!bytes) {
    bytes = readFileSync(assetPath(file));
    files.set(file, bytes);
  }
  return bytes;
}

/** The document information a record carries, in its info dictionary and, the same, in its XMP metadata. */
export interface RecordInfo {
  readonly title: string;
  readonly subject: string;
  readonly creator: string;
  readonly producer: string;
  /** Creation and modification: the release's time. */
  readonly createdAt: Date;
}

/** Six capital letters from a hash, as the tag of a subset font's name (ISO 32000-1, 9.6.4). */
const subsetTag = (hash: Uint8Array, offset: number) =>
  String.fromCharCode(...hash.slice(offset, offset + 6).map((byte) => 65 + (byte % 26)));

/**
 * Embeds the regular and bold fonts (subsets of the glyphs drawn, named by a tag from `hash` so that equal records
 * give equal bytes). Without ligatures, so that each glyph maps back to one character.
 */
export async function embedRecordFonts(
  pdf: PDFDocument,
  hash: Uint8Array,
): Promise<{ regular: PDFFont; bold: PDFFont }> {
  const { default: fontkit } = await import('@pdf-lib/fontkit');
  pdf.registerFontkit(fontkit);
  const embed = (file: string, name: string, offset: number) =>
    pdf.embedFont(asset(file), {
      subset: true,
      customName: `${subsetTag(hash, offset)}+${name}`,
      features: { liga: false },
    });
  const [regular, bold] = await Promise.all([
    embed(RECORD_ASSETS.regular, 'DejaVuSans', 0),
    embed(RECORD_ASSETS.bold, 'DejaVuSans-Bold', 6),
  ]);
  return { regular, bold };
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** A language alternative with one default entry, as dc:title and dc:description take it. */
const alt = (text: string) => `<rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(text)}</rdf:li></rdf:Alt>`;

/** The XMP packet: the PDF/A identification and the info dictionary's entries as their XMP equivalents. */
export function recordXmp(info: RecordInfo, documentId: string): string {
  const date = info.createdAt.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return [
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    '<rdf:Description rdf:about=""',
    ' xmlns:dc="http://purl.org/dc/elements/1.1/"',
    ' xmlns:xmp="http://ns.adobe.com/xap/1.0/"',
    ' xmlns:pdf="http://ns.adobe.com/pdf/1.3/"',
    ' xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"',
    ' xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">',
    '<pdfaid:part>2</pdfaid:part>',
    '<pdfaid:conformance>B</pdfaid:conformance>',
    '<dc:format>application/pdf</dc:format>',
    `<dc:title>${alt(info.title)}</dc:title>`,
    `<dc:description>${alt(info.subject)}</dc:description>`,
    `<xmp:CreatorTool>${escapeXml(info.creator)}</xmp:CreatorTool>`,
    `<xmp:CreateDate>${date}</xmp:CreateDate>`,
    `<xmp:ModifyDate>${date}</xmp:ModifyDate>`,
    `<xmp:MetadataDate>${date}</xmp:MetadataDate>`,
    `<pdf:Producer>${escapeXml(info.producer)}</pdf:Producer>`,
    `<xmpMM:DocumentID>uuid:${documentId}</xmpMM:DocumentID>`,
    '</rdf:Description>',
    '</rdf:RDF>',
    '</x:xmpmeta>',
    '<?xpacket end="w"?>',
  ].join('\n');
}

/** 16 bytes as a UUID's text (8-4-4-4-12 hex digits). */
const uuidOf = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;

/**
 * Sets the info dictionary, the XMP metadata stream (uncompressed, as PDF/A wants it), the sRGB output intent and the
 * trailer's document ID (from `hash`, so equal records give equal bytes).
 */
export async function makePdfA(pdf: PDFDocument, info: RecordInfo, hash: Uint8Array): Promise<void> {
  const { PDFHexString, PDFName, PDFString } = await import('pdf-lib');
  pdf.setTitle(info.title);
  pdf.setSubject(info.subject);
  pdf.setProducer(info.producer);
  pdf.setCreator(info.creator);
  pdf.setCreationDate(info.createdAt);
  pdf.setModificationDate(info.createdAt);
  const { context, catalog } = pdf;
  const id = Buffer.from(hash.slice(0, 16)).toString('hex');
  const xmp = new TextEncoder().encode(recordXmp(info, uuidOf(id)));
  catalog.set(PDFName.of('Metadata'), context.register(context.stream(xmp, { Type: 'Metadata', Subtype: 'XML' })));
  const profile = context.register(context.flateStream(asset(RECORD_ASSETS.colourProfile), { N: 3 }));
  const intent = context.obj({
    Type: 'OutputIntent',
    S: 'GTS_PDFA1',
    OutputConditionIdentifier: PDFString.of(OUTPUT_CONDITION),
    Info: PDFString.of(OUTPUT_CONDITION),
    RegistryName: PDFString.of('http://www.color.org'),
    DestOutputProfile: profile,
  });
  catalog.set(PDFName.of('OutputIntents'), context.obj([context.register(intent)]));
  context.trailerInfo.ID = context.obj([PDFHexString.of(id), PDFHexString.of(id)]);
}
