/**
 * How every function is bundled, in one place: the CDK stack passes `bundlingOptions` to each
 * NodejsFunction, the benchmark calls esbuild with `esbuildOptions`. Both are built from the same
 * constants, so a bench measures exactly what is deployed.
 */
import { OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';

/** The Lambda runtime is Node.js 24. */
const TARGET = 'node24';
/** Prefer the ESM build of a package (smaller, tree-shakable), fall back to CommonJS. */
const MAIN_FIELDS = ['module', 'main'];
const MINIFY = true;
/** Node needs only a source map's mappings to name our files and lines; the sources would triple the map. */
const SOURCES_CONTENT = false;
/**
 * An ESM bundle has no `require`; bundled CommonJS code that calls it (for Node built-ins) gets one.
 * `__cr` keeps the import from clashing with names in the bundle.
 */
const ESM_REQUIRE_BANNER = "import { createRequire as __cr } from 'module'; const require = __cr(import.meta.url);";

/** NodejsFunction bundling: ESM, minified, source maps, AWS SDK v3 bundled in (no externals). */
export const bundlingOptions: BundlingOptions = {
  format: OutputFormat.ESM,
  target: TARGET,
  mainFields: MAIN_FIELDS,
  minify: MINIFY,
  sourceMap: true,
  sourcesContent: SOURCES_CONTENT,
  externalModules: [],
  banner: ESM_REQUIRE_BANNER,
};

/**
 * The same bundle for plain esbuild (the bench). Source maps are left out: they do not change the code
 * (the bench measures them apart with `sourceMapOptions`).
 */
export function esbuildOptions(entry: string, outfile: string): BuildOptions {
  return {
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: TARGET,
    mainFields: [...MAIN_FIELDS],
    minify: MINIFY,
    sourcemap: false,
    banner: { js: ESM_REQUIRE_BANNER },
    metafile: true,
  };
}

/** The deployed source map, for esbuild: a linked file of mappings only. */
export const sourceMapOptions = {
  sourcemap: 'linked',
  sourcesContent: SOURCES_CONTENT,
} as const satisfies BuildOptions;
