/**
 * `npm run openapi [-- --check]`: writes the OpenAPI document generated from the route table and
 * the schemas to docs/openapi.json, and the typed client's generated part made of it to
 * clients/typescript/src/ (the types openapi-typescript writes, the operation table). `--check` writes
 * nothing and exits 1 when any of these files differs.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generatedFiles } from '../shared/openapi/files';
import { commandLine } from './cli';

const usage =
  'usage: npm run openapi [-- --check]\n  writes docs/openapi.json and the typed client generated from it ' +
  '(clients/typescript/src/openapi.ts, operations.ts); --check only compares (exit 1 when stale)\n';
const { values } = commandLine(usage, { check: { type: 'boolean', default: false } });

const root = path.resolve(import.meta.dirname, '..');
let stale = 0;
for (const [file, content] of Object.entries(await generatedFiles())) {
  const target = path.join(root, file);
  const current = existsSync(target) ? readFileSync(target, 'utf8') : undefined;
  if (current === content) continue;
  if (values.check) {
    stale += 1;
    process.stderr.write(`${file} is not what the code generates: run npm run openapi\n`);
  } else {
    writeFileSync(target, content);
    process.stdout.write(`wrote ${file}\n`);
  }
}
process.exit(stale ? 1 : 0);
