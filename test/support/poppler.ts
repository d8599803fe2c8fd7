/**
 * A PDF read back as a printer and a scanner would: a page rendered by poppler's pdftoppm, and the QR codes on it
 * decoded by ZBar's zbarimg (Debian packages poppler-utils and zbar-tools, installed by .ci/run).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A page (from 1) rendered in grey at `dpi`: a PGM (P5), its pixels row by row (0 black, 255 white). */
export function renderGrey(bytes: Uint8Array, dpi: number, page = 1) {
  const pgm = execFileSync('pdftoppm', ['-gray', '-r', String(dpi), '-f', String(page), '-l', String(page), '-'], {
    input: bytes,
    maxBuffer: 64 * 1024 * 1024,
  });
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'))!;
  const [width, height] = [Number(header[1]), Number(header[2])];
  const pixels = pgm.subarray(header[0].length);
  return { width, height, at: (x: number, y: number) => pixels[y * width + x]! };
}

/** The QR codes zbarimg finds on the first page rendered at `dpi` (300: a label printer's), as their texts. */
export function decodeQr(bytes: Uint8Array, dpi = 300): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'label-'));
  try {
    const png = path.join(dir, 'label.png');
    writeFileSync(
      png,
      execFileSync('pdftoppm', ['-png', '-r', String(dpi), '-f', '1', '-l', '1', '-'], { input: bytes }),
    );
    const out = execFileSync('zbarimg', ['--quiet', '--raw', '-Sdisable', '-Sqrcode.enable', png], {
      encoding: 'utf8',
      // zbarimg reports on stderr that it finds no D-Bus; the codes come on stdout.
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return out.split('\n').filter((line) => line !== '');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
