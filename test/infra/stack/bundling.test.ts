/** How the stack bundles its functions (infra/bundling.ts), the same settings as the bench's esbuild. */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUILTINS_BY_REQUIRE, bundlingOptions, esbuildOptions } from '../../../infra/bundling';
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
      externalModules: [],
    });
    expect(bundlingOptions.banner).toContain('const require = __cr(import.meta.url)');
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
