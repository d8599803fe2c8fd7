/** How the stack bundles its functions (infra/bundling.ts), the same settings as the bench's esbuild. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BUILTINS_BY_REQUIRE,
  bundlingOptions,
  esbuildOptions,
  INSTALLED_PACKAGES,
  LAZY_MODULES,
  lazyModuleCommands,
} from '../../../infra/bundling';
import { builtinShim } from '../../../infra/builtins/shims';

describe('bundling', () => {
  it('gives esbuild the same settings as the stack', () => {
    const options = esbuildOptions('functions/authorizer.ts', 'out/index.mjs');
    expect(options).toMatchObject({ bundle: true, platform: 'node', format: bundlingOptions.format, metafile: true });
    expect(options.target).toBe(bundlingOptions.target);
    expect(options.mainFields).toEqual(bundlingOptions.mainFields);
    expect(options.minify).toBe(bundlingOptions.minify);
    expect(options.banner).toEqual({ js: bundlingOptions.banner });
    expect(bundlingOptions).toMatchObject({
      format: 'esm',
      target: 'node24',
      mainFields: ['module', 'main'],
      minify: true,
      sourceMap: true,
    });
    // The modules bundled apart stay imports in both (and the installed packages in the bench's).
    const lazy = Object.keys(LAZY_MODULES).map((file) => `./${file}`);
    expect(bundlingOptions.externalModules).toEqual(lazy);
    expect(options.external).toEqual([...INSTALLED_PACKAGES, ...lazy]);
    expect(bundlingOptions.banner).toContain('const require = __cr(import.meta.url)');
  });
  it('writes each lazy module beside the bundle under the name the bundle imports, from a source that exists', () => {
    const commands = lazyModuleCommands('/in', '/out');
    expect(commands).toHaveLength(Object.keys(LAZY_MODULES).length);
    for (const [file, entry] of Object.entries(LAZY_MODULES)) {
      expect(existsSync(entry), entry).toBe(true);
      expect(commands.some((c) => c.includes(`"/in/${entry}"`) && c.includes(`--outfile="/out/${file}"`))).toBe(true);
      // Some module imports it by that name, beside itself.
      const dir = path.dirname(entry);
      const importers = readdirSync(dir).filter((f) =>
        readFileSync(path.join(dir, f), 'utf8').includes(`import('./${file}')`),
      );
      expect(importers, file).not.toEqual([]);
    }
    expect(commands.every((c) => c.includes('--format=cjs') && c.includes('--bundle'))).toBe(true);
  });
  it('runs as the stack runs it: a shell command; the module knows its URL and keeps the packages installed', () => {
    const out = mkdtempSync(path.join(os.tmpdir(), 'nm-lazy-'));
    try {
      const command = lazyModuleCommands(process.cwd(), out).find((c) => c.includes('report-files.js'))!;
      const run = spawnSync('sh', ['-c', command], { encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stderr).not.toContain('warning');
      const code = readFileSync(path.join(out, 'report-files.js'), 'utf8');
      expect(code.startsWith('"use strict";var __importMetaUrl=')).toBe(true);
      expect(code).not.toContain('import.meta');
      expect(code).toContain('import("pdf-lib")');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
  it('aliases the same built-ins for the stack as for esbuild, each to a file that exists', () => {
    const aliases = Object.entries(bundlingOptions.esbuildArgs ?? {});
    expect(aliases.map(([arg]) => arg).sort()).toEqual(
      BUILTINS_BY_REQUIRE.flatMap((name) => [`--alias:${name}`, `--alias:node:${name}`]).sort(),
    );
    for (const [arg, file] of aliases) {
      expect(existsSync(String(file)), arg).toBe(true);
      // As infra/builtins/shims.ts writes it on this Node (the Lambda runtime's major version).
      const name = arg.replace(/^--alias:(node:)?/, '');
      expect(readFileSync(String(file), 'utf8'), arg).toBe(builtinShim(name));
      expect(esbuildOptions('e.ts', 'o.mjs').alias?.[arg.slice('--alias:'.length)]).toBe(file);
    }
  });
});
