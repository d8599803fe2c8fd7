/**
 * Draws a container's label (shared/domain/label.ts decides what it says) as a one-page PDF of 62 mm × 100 mm, the
 * width of a common label-printer roll: the radiation sign (the trefoil of ISO 361, as StrlSchV Anlage 10 and 10 CFR
 * 20.1901 show it, black on yellow) beside the regime's warning, the container's lines, the estimated activities and a
 * QR code of the container's API path (qrcode-generator, error correction M, its quiet zone of four modules kept).
 * pdf-lib, fontkit and the QR encoder are imported when a label is drawn, never at a cold start (infra/bundling.ts
 * installs them beside the bundle); the fonts are the record's (DejaVu Sans, embedded).
 */
import type { PDFFont, PDFPage } from 'pdf-lib';
import type { LabelContent } from '../domain/label';
import { embedRecordFonts } from './pdfa';

const MM = 72 / 25.4;
/** The label's size in points: 62 mm × 100 mm. */
export const LABEL_SIZE = { width: 62 * MM, height: 100 * MM } as const;
const MARGIN = 3 * MM;
/** The yellow band with the sign and the warning. */
const BAND = 24 * MM;
/** The trefoil's outer diameter. */
const SIGN = 19 * MM;
/** The QR code's side, quiet zone included. */
const CODE = 28 * MM;
/** The quiet zone around a QR code, in modules (ISO/IEC 18004). */
const QUIET = 4;
const SIZES = { hazard: 11, name: 8, text: 6, small: 5.5 } as const;
const LINE = 1.3;
/** Lines under the code: the container's id, then the label's basis (wrapped). */
const FOOT_LINES = 3;
/** Where the code ends, from the foot of the page. */
const FOOTER = MARGIN + FOOT_LINES * SIZES.small * LINE;
/** RAL 1003 signal yellow, as near as sRGB comes. */
const YELLOW = [0.976, 0.659, 0] as const;

/**
 * The trefoil as an SVG path (y down) in a box of side `d`: a disc of radius R = d/10 and three blades, each a 60°
 * sector of the ring from 1.5 R to 5 R, one pointing down (ISO 361).
 */
export function trefoilPath(d: number): string {
  const r = d / 10;
  const c = d / 2;
  const point = (radius: number, degrees: number) => {
    const a = (degrees * Math.PI) / 180;
    // Angles counted anticlockwise from the right, as on paper; SVG's y runs down.
    return `${(c + radius * Math.cos(a)).toFixed(3)} ${(c - radius * Math.sin(a)).toFixed(3)}`;
  };
  const blade = (from: number) => {
    const to = from + 60;
    return (
      `M ${point(1.5 * r, from)} L ${point(5 * r, from)} A ${5 * r} ${5 * r} 0 0 0 ${point(5 * r, to)} ` +
      `L ${point(1.5 * r, to)} A ${1.5 * r} ${1.5 * r} 0 0 1 ${point(1.5 * r, from)} Z`
    );
  };
  const disc = `M ${point(r, 0)} A ${r} ${r} 0 1 0 ${point(r, 180)} A ${r} ${r} 0 1 0 ${point(r, 0)} Z`;
  return [blade(0), blade(120), blade(240), disc].join(' ');
}

/** The dark modules of a QR code of `text` as one SVG path of unit squares (y down), and the code's side. */
export async function qrPath(text: string): Promise<{ path: string; modules: number }> {
  const { default: qrcode } = await import('qrcode-generator');
  const code = qrcode(0, 'M');
  code.addData(text, 'Byte');
  code.make();
  const modules = code.getModuleCount();
  const squares: string[] = [];
  for (let row = 0; row < modules; row++)
    for (let col = 0; col < modules; col++) {
      if (!code.isDark(row, col)) continue;
      // Runs of dark modules in a row are one rectangle.
      let run = 1;
      while (col + run < modules && code.isDark(row, col + run)) run++;
      squares.push(`M ${col + QUIET} ${row + QUIET} h ${run} v 1 h ${-run} Z`);
      col += run - 1;
    }
  return { path: squares.join(' '), modules: modules + 2 * QUIET };
}

/** Lines of at most `width` points. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (!line || font.widthOfTextAtSize(candidate, size) <= width) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  lines.push(line);
  return lines;
}

/** The label as PDF bytes. */
export async function renderLabel(label: LabelContent): Promise<Uint8Array> {
  const { PDFDocument, rgb } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${label.hazard} – ${label.lines[0]?.[1] ?? label.id}`);
  pdf.setLanguage(label.language);
  pdf.setCreator('nm-archive container label');
  pdf.setProducer('nm-archive');
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(label.id)));
  const { regular, bold } = await embedRecordFonts(pdf, hash);
  const page: PDFPage = pdf.addPage([LABEL_SIZE.width, LABEL_SIZE.height]);
  const black = rgb(0, 0, 0);
  const width = LABEL_SIZE.width - 2 * MARGIN;
  let y = LABEL_SIZE.height - MARGIN;

  // The band: the sign on yellow, the warning beside it.
  page.drawRectangle({ x: MARGIN, y: y - BAND, width, height: BAND, color: rgb(...YELLOW) });
  const signX = MARGIN + (BAND - SIGN) / 2;
  page.drawSvgPath(trefoilPath(SIGN), { x: signX, y: y - (BAND - SIGN) / 2, color: black });
  const hazardX = MARGIN + BAND;
  const hazardLines = wrap(label.hazard, bold, SIZES.hazard, width - BAND - 1 * MM);
  let hazardY = y - BAND / 2 + (hazardLines.length * SIZES.hazard * LINE) / 2 - SIZES.hazard;
  for (const line of hazardLines) {
    page.drawText(line, { x: hazardX, y: hazardY, size: SIZES.hazard, font: bold, color: black });
    hazardY -= SIZES.hazard * LINE;
  }
  y -= BAND + 2 * MM;

  // The text, down to the code: the name in bold, each line as `term: value`, the estimate; what would run into the
  // code is left out (the domain keeps every list short enough for the usual container).
  const codeTop = FOOTER + CODE + 1 * MM;
  const text = (value: string, font: PDFFont, size: number, most: number, indent = 0) => {
    const lines = wrap(value, font, size, width - indent);
    for (const [i, line] of lines.slice(0, most).entries()) {
      if (y - size * LINE < codeTop) return;
      const shown = i === most - 1 && lines.length > most ? `${line} …` : line;
      page.drawText(shown, { x: MARGIN + indent, y: y - size, size, font, color: black });
      y -= size * LINE;
    }
  };
  const [name, ...rest] = label.lines;
  if (name) text(name[1], bold, SIZES.name, 2);
  y -= 0.5 * MM;
  for (const [term, value] of rest) text(`${term}: ${value}`, regular, SIZES.text, 2);
  y -= 0.5 * MM;
  text(label.activityHeading, bold, SIZES.text, 2);
  for (const line of label.activities) text(line, regular, SIZES.text, 1, 2 * MM);

  // The code at the foot, centred, the id and the basis under it.
  const { path, modules } = await qrPath(label.code);
  page.drawSvgPath(path, {
    x: (LABEL_SIZE.width - CODE) / 2,
    y: FOOTER + CODE,
    scale: CODE / modules,
    color: black,
  });
  y = FOOTER;
  const footLines = [label.id, ...wrap(label.basis, regular, SIZES.small, width).slice(0, FOOT_LINES - 1)];
  for (const line of footLines) {
    const w = regular.widthOfTextAtSize(line, SIZES.small);
    page.drawText(line, { x: (LABEL_SIZE.width - w) / 2, y: y - SIZES.small, size: SIZES.small, font: regular });
    y -= SIZES.small * LINE;
  }
  return pdf.save();
}
