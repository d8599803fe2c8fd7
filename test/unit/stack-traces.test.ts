/**
 * shared/stack-traces.ts: a bundle with its source map beside it prints stack traces that name the source files,
 * lines and columns; without a map nothing changes. Bundled by esbuild and run by Node in a process of its own, as a
 * function runs on Lambda (without --enable-source-maps).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';

const STACK_TRACES = path.resolve(import.meta.dirname, '../../shared/stack-traces');
const dir = mkdtempSync(path.join(tmpdir(), 'nm-archive-stack-traces-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The stack a bundled module prints when its function throws, with or without its source map. */
async function stackOf(sourcemap: boolean): Promise<string> {
  const entry = path.join(dir, 'thrower.ts');
  writeFileSync(
    entry,
    [
      `import { mapStackTraces } from ${JSON.stringify(STACK_TRACES)};`,
      'mapStackTraces(import.meta.url);',
      'export function boom(): never {',
      "  throw new Error('boom');",
      '}',
      'try { boom(); } catch (error) { console.log((error as Error).stack); }',
    ].join('\n'),
  );
  const outfile = path.join(dir, sourcemap ? 'mapped' : 'plain', 'index.mjs');
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    minify: true,
    sourcemap,
  });
  return execFileSync(process.execPath, [outfile], { encoding: 'utf8' });
}

describe('mapStackTraces', () => {
  it("names the source's file, line and column in a bundle's frames", async () => {
    const stack = await stackOf(true);
    expect(stack.split('\n')[0]).toBe('Error: boom');
    expect(stack).toMatch(/thrower\.ts:4:9\)/);
    expect(stack).not.toMatch(/index\.mjs:\d+/);
  });

  it('leaves the stack as Node prints it when no map lies beside the bundle', async () => {
    const stack = await stackOf(false);
    expect(stack).toMatch(/plain\/index\.mjs:\d+:\d+/);
    expect(stack).not.toContain('thrower.ts');
  });
});
