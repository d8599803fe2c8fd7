/**
 * Lays a release record out as a PDF/A-2b (pdf-lib; what makes it PDF/A: shared/records/pdfa.ts): A4, DejaVu Sans
 * embedded, each section's lines, tables and paragraphs wrapped to the page, a footer with the page number on every
 * page. What the record says is decided in shared/domain/release-record-content.ts; this only draws it. pdf-lib and
 * fontkit are imported when a record is made, never at a cold start, and are installed beside the bundle rather than
 * bundled (infra/bundling.ts `INSTALLED_PACKAGES`); the fonts and the colour profile lie beside it too
 * (`RECORD_ASSETS`).
 */
import type { PDFFont, PDFPage } from 'pdf-lib';
import type { DecayChart } from '../domain/decay-chart';
import type { ReleaseRecordContent } from '../domain/record-content';
import { chartFrame } from './chart-layout';
import { embedRecordFonts, makePdfA } from './pdfa';

const PAGE = { width: 595.28, height: 841.89 } as const; // A4 in points
const MARGIN = 50;
const FOOTER_Y = 30;
const SIZES = { title: 18, subtitle: 10, heading: 12, text: 9 } as const;
const LINE = 1.35;
/** The label column of the sections of lines: as wide as the widest label needs, between these shares of the width. */
const LABEL_SHARE = { least: 0.3, most: 0.45 } as const;
/** Space between a label and its value, in points. */
const LABEL_GAP = 10;
const GREY = 0.35;
/** Space between two table columns, in points. */
const CELL_GAP = 8;
/** A page's number in the record's language. */
const pageOf = (language: 'de' | 'en', page: number, pages: number) =>
  language === 'en' ? `Page ${page} of ${pages}` : `Seite ${page} von ${pages}`;
/** The chart's height on the page, in points (its width is the text's). */
export const CHART_HEIGHT = 280;

/**
 * The record's text in the font's characters: one it lacks is drawn as `?` (the JSON keeps it), as PDF/A allows no
 * reference to the missing glyph (.notdef).
 */
function encodable(font: PDFFont): (text: string) => string {
  const supported = new Set(font.getCharacterSet());
  return (text) =>
    [...text.replace(/[\r\n\t]+/g, ' ')].map((c) => (supported.has(c.codePointAt(0)!) ? c : '?')).join('');
}

const advances = new WeakMap<PDFFont, Map<string, number>>();
/**
 * A text's width in points, as the sum of its characters' advances (each measured once): what pdf-lib draws, as it
 * applies no kerning, while measuring a whole text shapes it anew each time (seconds for a long paragraph).
 */
function widthOf(font: PDFFont, text: string, size: number): number {
  const known = advances.get(font) ?? new Map<string, number>();
  advances.set(font, known);
  let width = 0;
  for (const c of text) {
    if (!known.has(c)) known.set(c, font.widthOfTextAtSize(c, 1));
    width += known.get(c)!;
  }
  return width * size;
}

/** Lines of at most `width` points; a word longer than a line is cut. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  const fits = (candidate: string) => widthOf(font, candidate, size) <= width;
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    let rest = word;
    while (!fits(rest)) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut))) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line || !lines.length) lines.push(line);
  return lines;
}

/**
 * The record as PDF bytes; `createdAt` is its metadata's creation date (the release's time, so equal input gives
 * equal output).
 */
export async function renderReleaseRecord(content: ReleaseRecordContent, createdAt: Date): Promise<Uint8Array> {
  const { PDFDocument, rgb } = await import('pdf-lib');
  const pdf = await PDFDocument.create({ updateMetadata: false });
  // Names the document (its ID) and its font subsets: equal content and time give equal bytes.
  const identity = JSON.stringify([content, createdAt.toISOString()]);
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(identity)));
  const info = { title: content.title, subject: content.subtitle, createdAt };
  await makePdfA(pdf, { ...info, producer: 'nm-archive', creator: 'nm-archive release record' }, hash);
  const { regular, bold } = await embedRecordFonts(pdf, hash);
  const clean = encodable(regular);
  const width = PAGE.width - 2 * MARGIN;

  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  const room = (height: number) => {
    if (y - height >= MARGIN) return;
    page = pdf.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - MARGIN;
  };
  const draw = (text: string, x: number, font: PDFFont, size: number) =>
    page.drawText(text, { x, y: y - size, size, font, color: rgb(0, 0, 0) });
  /** A block of wrapped text, line by line onto the pages. */
  const paragraph = (text: string, x: number, w: number, font: PDFFont, size: number) => {
    const lines = wrap(clean(text), font, size, w);
    for (const line of lines) {
      room(size * LINE);
      draw(line, x, font, size);
      y -= size * LINE;
    }
  };

  paragraph(content.title, MARGIN, width, bold, SIZES.title);
  y -= 4;
  paragraph(content.subtitle, MARGIN, width, regular, SIZES.subtitle);
  y -= 10;

  // One label column for the whole record, so that the values of every section line up.
  const labels = content.sections.flatMap((section) =>
    'lines' in section ? section.lines.map(([label]) => label) : [],
  );
  const labelWidth = Math.min(
    width * LABEL_SHARE.most,
    Math.max(width * LABEL_SHARE.least, ...labels.map((label) => widthOf(bold, clean(label), SIZES.text) + LABEL_GAP)),
  );

  for (const section of content.sections) {
    room(SIZES.heading * LINE * 3);
    y -= 6;
    paragraph(section.heading, MARGIN, width, bold, SIZES.heading);
    y -= 2;
    if ('lines' in section) {
      for (const [label, value] of section.lines) {
        const labels = wrap(clean(label), bold, SIZES.text, labelWidth - LABEL_GAP);
        const values = wrap(clean(value), regular, SIZES.text, width - labelWidth);
        const rows = Math.max(labels.length, values.length);
        for (let i = 0; i < rows; i++) {
          room(SIZES.text * LINE);
          if (labels[i]) draw(labels[i]!, MARGIN, bold, SIZES.text);
          if (values[i]) draw(values[i]!, MARGIN + labelWidth, regular, SIZES.text);
          y -= SIZES.text * LINE;
        }
      }
    } else if ('table' in section) {
      const { columns, rows } = section.table;
      // Each column as wide as its widest cell needs; where they exceed the page, each keeps at least its longest
      // word (so no word is cut) and shares what is left in proportion to what it would need beyond that.
      const cellsOf = (c: number) => [
        { text: columns[c]!, font: bold },
        ...rows.map((cells) => ({ text: cells[c] ?? '', font: regular })),
      ];
      const needed = columns.map(
        (_, c) => Math.max(...cellsOf(c).map((cell) => widthOf(cell.font, clean(cell.text), SIZES.text))) + CELL_GAP,
      );
      const least = columns.map(
        (_, c) =>
          Math.max(
            ...cellsOf(c).flatMap((cell) =>
              clean(cell.text)
                .split(/\s+/)
                .map((word) => widthOf(cell.font, word, SIZES.text)),
            ),
          ) + CELL_GAP,
      );
      const sum = (values: number[]) => values.reduce((total, w) => total + w, 0);
      const spare = width - sum(least);
      const beyond = sum(needed) - sum(least);
      const widths =
        sum(needed) <= width
          ? needed
          : spare <= 0
            ? least.map((w) => (w * width) / sum(least))
            : least.map((w, c) => w + ((needed[c]! - w) * spare) / beyond);
      const left = widths.map((_, c) => MARGIN + widths.slice(0, c).reduce((sum, w) => sum + w, 0));
      const tableRow = (cells: string[], font: PDFFont) => {
        const wrapped = cells.map((cell, c) => wrap(clean(cell), font, SIZES.text, widths[c]! - CELL_GAP));
        const height = Math.max(...wrapped.map((w) => w.length));
        for (let i = 0; i < height; i++) {
          room(SIZES.text * LINE);
          wrapped.forEach((lines, c) => {
            if (lines[i]) draw(lines[i]!, left[c]!, font, SIZES.text);
          });
          y -= SIZES.text * LINE;
        }
      };
      tableRow(columns, bold);
      if (!rows.length) tableRow(['–'], regular);
      for (const cells of rows) tableRow(cells, regular);
    } else if ('chart' in section) {
      room(CHART_HEIGHT);
      drawChart(page, section.chart, { left: MARGIN, top: y, width, height: CHART_HEIGHT }, { regular, clean, rgb });
      y -= CHART_HEIGHT;
    } else {
      for (const text of section.paragraphs) paragraph(text, MARGIN, width, regular, SIZES.text);
    }
  }

  const pages = pdf.getPages();
  pages.forEach((p, i) => {
    const text = clean(`${content.footer}  ${pageOf(content.language ?? 'de', i + 1, pages.length)}`);
    p.drawText(text, { x: MARGIN, y: FOOTER_Y, size: 7, font: regular, color: rgb(GREY, GREY, GREY) });
  });
  return pdf.save({ useObjectStreams: false });
}

type Rgb = typeof import('pdf-lib').rgb;
const hex = (rgb: Rgb, color: string) =>
  rgb(...([1, 3, 5].map((i) => Number.parseInt(color.slice(i, i + 2), 16) / 255) as [number, number, number]));

/**
 * The decay chart at `box` (its top left corner in page points): the same parts as the SVG
 * (shared/records/chart-svg.ts), placed by the same frame. Paths are drawn in the frame's coordinates (y down)
 * from the box's corner.
 */
function drawChart(
  page: PDFPage,
  chart: DecayChart,
  box: { left: number; top: number; width: number; height: number },
  tools: { regular: PDFFont; clean: (text: string) => string; rgb: Rgb },
): void {
  const { regular, clean, rgb } = tools;
  const f = chartFrame(chart, box.width, box.height);
  const { plot } = f;
  const origin = { x: box.left, y: box.top };
  const path = (d: string, color: string, width = 1, dash?: number[]) =>
    page.drawSvgPath(d, {
      ...origin,
      borderColor: hex(rgb, color),
      borderWidth: width,
      ...(dash ? { borderDashArray: dash } : {}),
    });
  const text = (x: number, y: number, content: string, size = 7, color = '#111111') =>
    page.drawText(clean(content), { x: box.left + x, y: box.top - y, size, font: regular, color: hex(rgb, color) });
  const bottom = plot.top + plot.height;
  for (const tick of chart.yTicks) {
    const y = f.y(tick.value);
    path(`M ${plot.left} ${y} L ${plot.left + plot.width} ${y}`, '#e5e7eb', 0.5);
    text(plot.left - 4 - regular.widthOfTextAtSize(clean(tick.label), 7), y + 2, tick.label);
  }
  chart.xTicks.forEach((tick, i) => {
    const x = f.x(tick.at);
    path(`M ${x} ${bottom} L ${x} ${bottom + 3}`, '#374151', 0.5);
    // The first and the last label stay inside the chart.
    const shift = i === 0 ? 0 : i === chart.xTicks.length - 1 ? 1 : 0.5;
    text(x - regular.widthOfTextAtSize(clean(tick.label), 7) * shift, bottom + 11, tick.label);
  });
  path(`M ${plot.left} ${plot.top} H ${plot.left + plot.width} V ${bottom} H ${plot.left} Z`, '#374151', 0.7);
  text(plot.left, bottom + 22, `${chart.words.x}; ${chart.words.y}`);
  path(`M ${plot.left} ${f.y(1)} L ${plot.left + plot.width} ${f.y(1)}`, '#b42318', 1.2);
  if (chart.prediction.length)
    path(chart.prediction.map((p, i) => `${i ? 'L' : 'M'} ${f.x(p.at)} ${f.y(p.value)}`).join(' '), '#1f5fa8', 1.5);
  else text(plot.left + 6, bottom - 6, chart.words.noPrediction, 8, '#6b7280');
  const vertical = (at: string, color: string, label: string) => {
    const x = f.x(at);
    path(`M ${x} ${plot.top} L ${x} ${bottom}`, color, 0.9, [4, 3]);
    text(x + 2, plot.top + 8, label, 7, color);
  };
  if (chart.predictedRelease) vertical(chart.predictedRelease, '#6b7280', chart.words.predicted);
  if (chart.release) vertical(chart.release, '#0f7b3e', chart.words.released);
  for (const m of chart.measurements) {
    const x = f.x(m.at);
    path(`M ${x} ${f.y(m.high)} L ${x} ${f.y(m.low)}`, '#111111', 0.9);
    page.drawCircle({
      x: box.left + x,
      y: box.top - f.y(m.value),
      size: 3,
      borderColor: hex(rgb, '#111111'),
      borderWidth: 1,
      color: hex(rgb, m.detected ? '#111111' : '#ffffff'),
    });
  }
  const legend: [string, string][] = [
    ['#1f5fa8', chart.words.prediction],
    ['#b42318', chart.words.clearance],
    ['#111111', `${chart.words.measurement} (○ ${chart.words.notDetected})`],
  ];
  legend.forEach(([color, label], i) => {
    const y = bottom + 34 + i * 10;
    path(`M ${plot.left} ${y - 2} L ${plot.left + 14} ${y - 2}`, color, 1.5);
    text(plot.left + 18, y, label);
  });
}
