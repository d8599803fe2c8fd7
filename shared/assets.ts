/**
 * Where a function's file asset lies (`Route.assets`, the release record's fonts and colour profile; paths relative to
 * the repository root): on AWS beside the bundle (the stack copies it there), locally in the repository.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

export function assetPath(file: string): string {
  const beside = path.join(here, path.basename(file));
  return existsSync(beside) ? beside : path.resolve(here, '..', file);
}
