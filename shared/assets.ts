/**
 * Where a function's file asset lies (`Route.assets`, the release record's fonts and colour profile; paths relative to
 * the repository root): on AWS beside the bundle (the stack copies it there), locally in the repository.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// A module bundled apart is CommonJS (infra/bundling.ts LAZY_MODULES), where `import.meta` is empty: its own
// `__dirname` says where it lies. Everywhere else (an ES module bundle, the sources) `__dirname` is not defined.
const here = typeof __dirname === 'string' ? __dirname : path.dirname(fileURLToPath(import.meta.url));

export function assetPath(file: string): string {
  const beside = path.join(here, path.basename(file));
  return existsSync(beside) ? beside : path.resolve(here, '..', file);
}
