/**
 * How every function is bundled, in one place: the CDK stack passes `bundlingOptions` to each
 * NodejsFunction, the benchmark calls esbuild with `esbuildOptions`. Both are built from the same
 * constants, so a bench measures exactly what is deployed.
 */
import { OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions, Metafile } from 'esbuild';
import type { Route } from '../shared/routes/types';
import { BUILTINS_BY_REQUIRE, shimFile } from './builtins/shims';

export { BUILTINS_BY_REQUIRE };

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

/**
 * The Node built-ins the bundles use, none imported as an ES module: esbuild aliases each to a CommonJS file in
 * infra/builtins/ (infra/builtins/shims.ts) that hands over the module itself, some only when first used. Importing a
 * built-in as an ES module reads every export, getters included: node:http's `WebSocket` getter loads undici, about
 * 24 ms of every cold start on this machine (the SDK's HTTP handler and Middy import node:http); node:process's
 * getters open stdin and build the list of allowed flags, node:util's build abort signals, node:console's open the
 * standard streams, node:fs's load node:fs/promises, node:crypto's build Web Crypto (2 to 4 ms each). A subpath
 * (`fs/promises`) has its own file; the longest alias wins. test/infra/bundles.test.ts checks that a bundle imports
 * no built-in as an ES module.
 */
const ALIAS = Object.fromEntries(
  BUILTINS_BY_REQUIRE.flatMap((name) => [
    [name, shimFile(name)],
    [`node:${name}`, shimFile(name)],
  ]),
);

/**
 * Packages a function imports only when it needs them (`await import()`), installed beside its bundle rather than
 * bundled, so their code costs no cold start: pdf-lib and fontkit, which render a release record
 * (shared/records/pdf.ts), and qrcode-generator, which encodes a container label's code (shared/records/label-pdf.ts).
 * A function whose route makes records gets them installed (`nodeModules`), and the record's fonts and colour profile
 * copied beside its bundle (RECORD_ASSETS, infra/api.ts); the bench leaves the packages out the same way.
 */
export const INSTALLED_PACKAGES = ['pdf-lib', '@pdf-lib/fontkit', 'qrcode-generator'];

/**
 * Modules of ours a function imports only when a request needs them (`await import('./x.js')`), bundled apart: each
 * its own file beside the function's bundle (CommonJS, named as the import names it, which Node's ES module loader
 * reads with its named exports), so its code is neither compiled nor run at a cold start. Bundled in, a module behind
 * `import()` still costs its compilation at every cold start (esbuild inlines it, and wraps what it shares with the
 * rest in lazy initialisers). The Idempotency-Key middleware's Powertools Idempotency and JMESPath: only requests
 * with the header; the JSON scanner: only requests with a body; the material book's reports as CSV and PDF/A: only
 * requests that accept those (the installed packages stay imports in it, as in the functions); the message
 * catalogue's German: only requests that ask for German. What it saves: docs/decisions.md.
 */
export const LAZY_MODULES = {
  'idempotency-powertools.js': 'shared/http/idempotency-powertools.ts',
  'json-scanner.js': 'shared/http/json-scanner.ts',
  'report-files.js': 'functions/material/report-files.ts',
  'messages-de.js': 'shared/i18n/messages-de.ts',
} as const;
/** The imports that name them, kept as they are in a bundle. */
const LAZY_IMPORTS = Object.keys(LAZY_MODULES).map((file) => `./${file}`);

/** How a lazy module is bundled: one set of settings, for esbuild's API and (as flags) its command line. */
const LAZY_MODULE_SETTINGS = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: TARGET,
  mainFields: MAIN_FIELDS,
  minify: MINIFY,
  sourcemap: 'linked',
  sourcesContent: SOURCES_CONTENT,
  external: INSTALLED_PACKAGES,
  // A CommonJS file has no `import.meta`: its URL is its own file's, so a module bundled apart finds what lies beside
  // it as the function's bundle does (shared/assets.ts). The banner comes first, so it says "use strict" itself.
  banner: { js: `"use strict";var __importMetaUrl=require('url').pathToFileURL(__filename).href;` },
  define: { 'import.meta.url': '__importMetaUrl' },
} satisfies BuildOptions;

/**
 * The settings as esbuild's flags: `--main-fields=module,main`, `--minify`, `--sources-content=false`, one
 * `--external:pdf-lib` per installed package, `"--banner:js=…"` (quoted for the shell).
 */
const LAZY_MODULE_FLAGS = Object.entries(LAZY_MODULE_SETTINGS).flatMap(([name, value]) => {
  const flag = `--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
  if (name === 'external') return INSTALLED_PACKAGES.map((pkg) => `${flag}:${pkg}`);
  if (typeof value === 'object' && !Array.isArray(value))
    return Object.entries(value).map(([key, setting]) => JSON.stringify(`${flag}:${key}=${setting}`));
  return [value === true ? flag : `${flag}=${Array.isArray(value) ? value.join(',') : String(value)}`];
});

/** The commands that bundle the lazy modules beside a function's bundle (NodejsFunction's `afterBundling`). */
export const lazyModuleCommands = (inputDir: string, outputDir: string): string[] =>
  Object.entries(LAZY_MODULES).map(
    ([file, entry]) =>
      `"${inputDir}/node_modules/.bin/esbuild" "${inputDir}/${entry}" ${LAZY_MODULE_FLAGS.join(' ')} ` +
      `--outfile="${outputDir}/${file}"`,
  );

/** The same for esbuild's API (the bench, the bundle tests): each lazy module's options, written into `dir`. */
export const lazyModuleOptions = (repoRoot: string, dir: string): BuildOptions[] =>
  Object.entries(LAZY_MODULES).map(([file, entry]) => ({
    ...LAZY_MODULE_SETTINGS,
    entryPoints: [`${repoRoot}/${entry}`],
    outfile: `${dir}/${file}`,
  }));

/** NodejsFunction bundling: ESM, minified, source maps, AWS SDK v3 bundled in (no externals). */
export const bundlingOptions: BundlingOptions = {
  format: OutputFormat.ESM,
  target: TARGET,
  mainFields: MAIN_FIELDS,
  minify: MINIFY,
  sourceMap: true,
  sourcesContent: SOURCES_CONTENT,
  externalModules: LAZY_IMPORTS,
  banner: ESM_REQUIRE_BANNER,
  esbuildArgs: Object.fromEntries(Object.entries(ALIAS).map(([from, to]) => [`--alias:${from}`, to])),
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
    alias: ALIAS,
    external: [...INSTALLED_PACKAGES, ...LAZY_IMPORTS],
    metafile: true,
  };
}

/** The deployed source map, for esbuild: a linked file of mappings only. */
export const sourceMapOptions = {
  sourcemap: 'linked',
  sourcesContent: SOURCES_CONTENT,
} as const satisfies BuildOptions;

/** The SDK clients (`client-s3`, `lib-dynamodb`, …) a bundle holds, by its inputs. */
export const sdkClientsIn = (metafile: Metafile): string[] =>
  [
    ...new Set(
      Object.keys(metafile.inputs)
        .map((i) => /@aws-sdk\/(client-[\w-]+|lib-dynamodb)\//.exec(i)?.[1])
        .filter((c): c is string => !!c),
    ),
  ].sort();

/**
 * The clients a route's function holds beyond what its route says it reaches: the S3 client without files or records,
 * the DynamoDB client without data (none for the authorizer). Each client a function holds is imported at every cold
 * start, whether a request uses it or not; test/infra/bundles.test.ts holds every route to this, the bench prints it.
 */
export function undeclaredClients(route: Pick<Route, 'files' | 'records' | 'data'> | 'authorizer', clients: string[]) {
  const allowed =
    route === 'authorizer'
      ? []
      : [
          ...(route.files !== 'none' || route.records !== undefined ? ['client-s3'] : []),
          ...(route.data !== 'none' ? ['client-dynamodb', 'lib-dynamodb'] : []),
        ];
  return clients.filter((c) => (c === 'client-s3' || c.endsWith('dynamodb')) && !allowed.includes(c));
}
