/**
 * CSV as the service writes it: RFC 4180 with English headers, or what a German spreadsheet opens (`;`, a byte-order
 * mark, numbers formatted by the caller with decimal commas). Cells a spreadsheet would run as a formula start with
 * `'`. Pure: no AWS, no HTTP.
 */

/** The two forms of a CSV. */
export type CsvDialect = 'en' | 'de';

export const CSV_DIALECTS = {
  en: { separator: ',', list: ';', bom: '' },
  de: { separator: ';', list: ' | ', bom: '\uFEFF' },
} as const;

/** A CSV cell (RFC 4180): quoted when it must be; text a spreadsheet would run as a formula starts with `'`. */
export function csvCell(value: unknown, separator: string): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A header row and a line per row, each line ended by CRLF, in the dialect's separator (and BOM). */
export function csvText(
  headers: readonly string[],
  rows: readonly (readonly unknown[])[],
  dialect: CsvDialect,
): string {
  const { separator, bom } = CSV_DIALECTS[dialect];
  const line = (cells: readonly unknown[]) => `${cells.map((c) => csvCell(c, separator)).join(separator)}\r\n`;
  return bom + line(headers) + rows.map(line).join('');
}
