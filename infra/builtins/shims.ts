/**
 * The CommonJS files in this folder, which stand in for Node built-ins in the bundles (infra/bundling.ts):
 * `node --import tsx infra/builtins/shims.ts` writes them; test/infra/stack/bundling.test.ts checks each is what this
 * writes on the pinned Node (the Lambda runtime's major version), so a Node whose exports changed asks for a rewrite.
 *
 * A built-in is handed over as the module itself (`process.getBuiltinModule`), never as an ES module namespace,
 * whose creation reads every export, getters included. One that is costly to load and that a function may never
 * use (node:crypto is imported by Powertools Logger for its debug sampling alone, node:http by Middy for its status
 * texts, node:https by aws-jwt-verify for fetching keys) is loaded when one of its exports is first read: its file
 * names the exports (as Node lists them) and reads each from the module, loaded then.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built-ins the bundles use (esbuild aliases each, with and without `node:`, to its file). */
export const BUILTINS_BY_REQUIRE = [
  'async_hooks',
  'child_process',
  'console',
  'crypto',
  'fs',
  'fs/promises',
  'http',
  'https',
  'module',
  'os',
  'path',
  'process',
  'stream',
  'timers',
  'url',
  'util',
  'zlib',
];
const LAZY_BUILTINS = ['crypto', 'http', 'https'];
const BUILTINS_DIR = path.dirname(fileURLToPath(import.meta.url));

export const shimFile = (name: string): string => path.join(BUILTINS_DIR, `${name.replace('/', '-')}.cjs`);

/** The file that stands in for `node:<name>`. */
export function builtinShim(name: string): string {
  const header = `// node:${name} for the bundles (infra/builtins/shims.ts writes this file).\n`;
  if (!LAZY_BUILTINS.includes(name)) return `${header}module.exports = process.getBuiltinModule('node:${name}');\n`;
  const names = Object.getOwnPropertyNames(process.getBuiltinModule(`node:${name}`));
  return (
    `${header}let loaded;\n` +
    `const module_ = () => (loaded ??= process.getBuiltinModule('node:${name}'));\n` +
    `for (const name of ${JSON.stringify(names)})\n` +
    '  Object.defineProperty(exports, name, { enumerable: true, get: () => module_()[name] });\n'
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  for (const name of BUILTINS_BY_REQUIRE) writeFileSync(shimFile(name), builtinShim(name));
