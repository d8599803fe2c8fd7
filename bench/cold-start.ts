/**
 * The cold-start part of `npm run bench` (alone: `npm run bench -- --cold-start`): each function's bundle, its import
 * time against a reference handler that imports only the same SDK clients, where the bytes go, source maps, tenant
 * sessions.
 *
 * A function is measured paired with its reference, interleaved: function, reference, function, reference … (the
 * order alternating), each a fresh Node process that times its own import, and the budget holds the median of the
 * per-pair ratios. So whatever the machine does meanwhile touches both sides of a pair alike, and the ratio is the
 * same on a busy machine and a quiet one. A function with an SDK client imports in at most 1.35 times its reference;
 * one without (nothing of the SDK) in at most 0.5 times the DynamoDB SDK-only reference.
 */
import { build, type Metafile } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  esbuildOptions,
  lazyModuleOptions,
  sdkClientsIn,
  sourceMapOptions,
  undeclaredClients,
} from '../infra/bundling';
import { repoRoot } from '../infra/local/paths';
import { environmentOf } from '../shared/config';
import { authorizerEntry, eventFunctions, routes } from '../shared/routes';
import { operations } from '../shared/routes/operations';
import { measureTenantSessions } from './sessions';

const KIB = 1024;
/** Budgets: import at most this many times the reference's (an SDK client), or the DynamoDB reference's (none). */
export const SDK_RATIO = 1.35;
export const NO_SDK_RATIO = 0.5;

interface Bundle {
  name: string;
  file: string;
  bytes: number;
  clients: string[];
  /** Bytes in the bundle by what they come from (PARTS). */
  parts: Map<string, number>;
  reference?: string;
}

/** What the bytes of a bundle come from, first match wins; `SDK` is the SDK and what it pulls in, the rest `other`. */
const PARTS: [string, RegExp][] = [
  ['Powertools', /node_modules\/@aws-lambda-powertools\//],
  ['Middy', /node_modules\/@middy\//],
  ['valibot', /node_modules\/valibot\//],
  ['aws-jwt-verify', /node_modules\/aws-jwt-verify\//],
  ['catalogue', /^shared\/i18n\/messages\.ts$/],
  ['our code', /^(shared|functions)\//],
  [
    'SDK',
    /node_modules\/(@aws-sdk|@smithy|@aws-crypto|@aws|mnemonist|obliterator|tslib|fast-xml-parser|strnum|bowser)\//,
  ],
];

async function bundle(out: string, name: string, entry: string): Promise<Bundle> {
  const file = path.join(out, `${name}.mjs`);
  const result = await build(esbuildOptions(path.join(repoRoot, entry), file));
  const output = Object.values((result.metafile as Metafile).outputs)[0]!;
  const parts = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    const part = PARTS.find(([, pattern]) => pattern.test(input))?.[0] ?? 'other';
    parts.set(part, (parts.get(part) ?? 0) + bytesInOutput);
  }
  const clients = sdkClientsIn(result.metafile as Metafile);
  return { name, file, bytes: statSync(file).size, clients, parts };
}

/** The reference of a function: the SDK clients it has; one with none is held to the DynamoDB one. */
const referenceFor = (clients: string[]) =>
  clients.includes('client-s3')
    ? 'dynamodb-s3'
    : clients.includes('client-dynamodb')
      ? 'dynamodb'
      : clients.includes('client-sfn')
        ? 'sfn'
        : undefined;

const importEnv = {
  ...process.env,
  ...environmentOf({
    region: 'eu-central-1',
    authIssuer: 'https://issuer.example.com',
    authAudience: 'bench',
    authJwksUri: 'https://issuer.example.com/.well-known/jwks.json',
    tableName: 'bench',
  }),
  LOG_LEVEL: 'SILENT',
};

/** A fresh Node process imports `file`: the milliseconds the import took, timed by that process. */
function importMs(file: string, env: NodeJS.ProcessEnv = importEnv): number {
  const script =
    `const started = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); ` +
    'process.stdout.write(String(performance.now() - started));';
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (run.status !== 0) throw new Error(`import of ${file} failed: ${run.stderr}`);
  return Number(run.stdout);
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** A function's import paired with its reference's, `runs` times, the order alternating. */
function paired(fn: Bundle, reference: Bundle, runs: number) {
  const own: number[] = [];
  const theirs: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < runs; i++) {
    const [a, b] =
      i % 2 ? [importMs(reference.file), importMs(fn.file)] : [importMs(fn.file), importMs(reference.file)];
    const [f, r] = i % 2 ? [b, a] : [a, b];
    own.push(f);
    theirs.push(r);
    ratios.push(f / r);
  }
  return { ms: median(own), referenceMs: median(theirs), ratio: median(ratios) };
}

export interface ColdStartRow {
  name: string;
  kib: number;
  reference: string;
  ms: number;
  referenceMs: number;
  ratio: number;
  budget: number;
  clients: string[];
}

/** Whether a function bundles only the clients its route reaches (undefined for event functions and steps). */
function declaredClients(name: string, clients: string[]): boolean | undefined {
  const route = name === 'authorizer' ? name : routes.find((r) => r.operation === name);
  return route === undefined ? undefined : undeclaredClients(route, clients).length === 0;
}

/** Bundles every function, measures its import against its reference, prints the tables; answers the rows. */
export async function coldStarts(out: string, runs: number, verdict: (ok: boolean) => string): Promise<ColdStartRow[]> {
  // One function per handler entry (the two `page` routes share one), the event functions, the steps, the authorizer.
  const entries = new Map<string, string>();
  for (const r of routes) if (![...entries.values()].includes(r.entry)) entries.set(r.operation, r.entry);
  for (const f of eventFunctions) entries.set(f.name, f.entry);
  for (const o of operations) entries.set(`${o.name} step`, o.step.entry);
  entries.set('authorizer', authorizerEntry);
  const functions: Bundle[] = [];
  for (const [name, entry] of entries) functions.push(await bundle(out, name, entry));
  const references = new Map<string, Bundle>();
  for (const name of ['dynamodb', 'dynamodb-s3', 'sfn'])
    references.set(name, await bundle(out, `reference-${name}`, `bench/references/${name}.ts`));

  const rows: ColdStartRow[] = [];
  for (const fn of functions) {
    const sdk = referenceFor(fn.clients);
    fn.reference = sdk ?? 'dynamodb';
    const measured = paired(fn, references.get(fn.reference)!, runs);
    rows.push({
      name: fn.name,
      kib: fn.bytes / KIB,
      reference: `reference-${fn.reference}`,
      ...measured,
      budget: sdk ? SDK_RATIO : NO_SDK_RATIO,
      clients: fn.clients,
    });
  }
  writeFileSync(path.join(out, 'cold-start.json'), JSON.stringify(rows, null, 2));

  console.log(`\nBundles and cold imports (each function paired with its reference, ${runs} pairs interleaved)`);
  console.log(
    `Budgets: the median of the per-pair ratios <= ${SDK_RATIO} x the reference with an SDK client, ` +
      `<= ${NO_SDK_RATIO} x the DynamoDB SDK-only reference without; bytes have no budget\n`,
  );
  console.log(
    '| function | bundle KiB | reference | import ms | ref ms | ratio | budget | SDK clients | import | ' +
      'clients as declared |',
  );
  console.log('|---|---:|---|---:|---:|---:|---:|---|---|---|');
  for (const row of rows) {
    const declared = declaredClients(row.name, row.clients);
    const clean = declared === undefined ? '' : verdict(declared);
    console.log(
      `| ${row.name} | ${row.kib.toFixed(1)} | ${row.reference} | ${row.ms.toFixed(1)} | ` +
        `${row.referenceMs.toFixed(1)} | ` +
        `${row.ratio.toFixed(2)} | ${row.budget} | ${row.clients.join(', ') || 'none'} | ` +
        `${verdict(row.ratio <= row.budget)} | ${clean} |`,
    );
  }
  printParts(functions);
  await printLazyModules(out);
  await printSourceMaps(out, functions, entries, runs);
  await printSessions(functions, runs, verdict);
  return rows;
}

/** Where the bytes beyond the SDK go; functions of the same make-up share a row. */
function printParts(functions: Bundle[]) {
  const columns = [...PARTS.map(([name]) => name).filter((name) => name !== 'SDK'), 'other'];
  const rows = new Map<string, string[]>();
  for (const fn of functions) {
    const figures = columns.map((c) => ((fn.parts.get(c) ?? 0) / KIB).toFixed(1)).join(' | ');
    rows.set(figures, [...(rows.get(figures) ?? []), fn.name]);
  }
  console.log('\nWhere the bytes beyond the SDK go (KiB of minified output)\n');
  console.log(`| functions | ${columns.join(' | ')} |`);
  console.log(`|---|${columns.map(() => '---:').join('|')}|`);
  for (const [figures, names] of rows) console.log(`| ${names.join(', ')} | ${figures} |`);
}

/** The modules every function imports only when a request needs them, bundled beside it (infra/bundling.ts). */
async function printLazyModules(out: string) {
  const sizes: string[] = [];
  for (const options of lazyModuleOptions(repoRoot, out)) {
    await build(options);
    sizes.push(`${path.basename(options.outfile!)} ${(statSync(options.outfile!).size / KIB).toFixed(1)} KiB`);
  }
  console.log(`\nBeside every bundle, imported by the first request that needs them: ${sizes.join(', ')}\n`);
}

/**
 * Deployed functions carry a linked source map; shared/stack-traces.ts reads it when a stack trace first passes through
 * the bundle, instead of NODE_OPTIONS=--enable-source-maps reading it at every cold start. On the largest bundle: its
 * import without a map, with the map as deployed, with --enable-source-maps, and what the first mapped stack trace
 * pays once.
 */
async function printSourceMaps(out: string, functions: Bundle[], entries: Map<string, string>, runs: number) {
  const largest = functions.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  const file = path.join(out, `${largest.name}.mapped.mjs`);
  await build({ ...esbuildOptions(path.join(repoRoot, entries.get(largest.name)!), file), ...sourceMapOptions });
  const flagged = { ...importEnv, NODE_OPTIONS: '--enable-source-maps' };
  const [plain, deployed, withFlag]: [number[], number[], number[]] = [[], [], []];
  for (let i = 0; i < runs; i++) {
    plain.push(importMs(largest.file));
    deployed.push(importMs(file));
    withFlag.push(importMs(file, flagged));
  }
  const [off, lazy, on] = [plain, deployed, withFlag].map(median) as [number, number, number];
  const firstStack = median(
    Array.from({ length: runs }, () => {
      const run = spawnSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `import { readFileSync } from 'node:fs'; import { SourceMap } from 'node:module';\n` +
            `const started = performance.now();\n` +
            `new SourceMap(JSON.parse(readFileSync(${JSON.stringify(`${file}.map`)}, 'utf8'))).findEntry(0, 0);\n` +
            `process.stdout.write(String(performance.now() - started));`,
        ],
        { encoding: 'utf8' },
      );
      return Number(run.stdout);
    }),
  );
  const percent = (ms: number) => `${ms >= off ? '+' : ''}${(((ms - off) / off) * 100).toFixed(0)} %`;
  console.log(
    `\nSource maps, largest bundle (${largest.name}, map ${(statSync(`${file}.map`).size / KIB).toFixed(0)} KiB): ` +
      `import ${off.toFixed(1)} ms without a map; as deployed (map read at the first stack trace) ` +
      `${lazy.toFixed(1)} ms (${percent(lazy)}); with --enable-source-maps ${on.toFixed(1)} ms (${percent(on)}); ` +
      `the first mapped stack trace pays ${firstStack.toFixed(1)} ms once\n`,
  );
}

/** The cold start of a tenant route holds its session's code; its first request of a tenant assumes the session. */
async function printSessions(functions: Bundle[], runs: number, verdict: (ok: boolean) => string) {
  const load = functions.find((fn) => fn.name === 'container.load')!;
  const figures = await measureTenantSessions(load.file, runs);
  console.log(
    `\nTenant sessions, ${load.name} as deployed (median of ${runs} fresh processes, DynamoDB Local, the local STS)\n`,
  );
  console.log('| step | ms |');
  console.log('|---|---:|');
  for (const [step, ms] of figures) console.log(`| ${step} | ${ms.toFixed(1)} |`);
  const first = figures.get('first request of tenant A')!;
  const next = figures.get('next request of tenant A')!;
  const another = figures.get('first request of tenant B')!;
  console.log(
    `\nA tenant's first request in an execution environment pays its session once: ${(first - next).toFixed(1)} ms ` +
      `over the next here (the STS client, AssumeRole, the session's clients); another tenant's first, in a warm ` +
      `environment, ${(another - next).toFixed(1)} ms. A tenant's next request below its first: ` +
      `${verdict(next < first)}\n`,
  );
}
