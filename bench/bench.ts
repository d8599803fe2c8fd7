/**
 * `npm run bench`: bundle size and cold import time per function against a reference handler that
 * imports only the same SDK clients, and DynamoDB consumed capacity per container and document
 * operation (on DynamoDB Local, ReturnConsumedCapacity TOTAL), including a 10,000-document
 * collection's page 1 against page 100. The issues' budgets are checked; the exit code is 1 if one
 * fails.
 */
import { build, type Metafile } from 'esbuild';
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { esbuildOptions, sourceMapOptions } from '../infra/bundling';
import { ensureTable, LOCAL_CREDENTIALS, LOCAL_REGION, startDynamoDbLocal, startS3 } from '../infra/local/emulators';
import { batchPut } from '../shared/data/batch';
import { documentItem } from '../shared/data/documents';
import { maintenanceItem } from '../shared/data/maintenance';
import { createContainer } from '../shared/domain/container-rules';
import { repoRoot } from '../infra/local/paths';
import { createDocumentClient } from '../shared/clients/dynamodb';
import { createS3Client } from '../shared/clients/s3';
import { containerItem, dynamoContainerStore } from '../shared/data/containers';
import { dynamoDocumentStore } from '../shared/data/documents';
import { s3FileStorage } from '../shared/data/files';
import { DOCUMENT_SCOPES, newDocument } from '../shared/domain/document';
import { authorizerEntry, eventFunctions, routes } from '../shared/routes';
import { operations } from '../shared/routes/operations';
import { containerService, type Writer } from '../shared/services/containers';
import { documentReport, documentService } from '../shared/services/documents';
import { dynamoMaintenanceStore } from '../shared/data/maintenance';
import { createEntry } from '../shared/domain/maintenance';
import { formatTimestamp } from '../shared/domain/time';
import { maintenanceService } from '../shared/services/maintenance';
import { followChanges } from '../infra/local/streams';
import { changeRecordOf, membershipOf } from '../shared/data/counted';
import { sequenceWriter } from '../shared/data/sequence-writer';
import { printConcurrency, runConcurrency } from './concurrency';
import { meter } from './meter';
import { measureTenantSessions } from './sessions';
import { commandLine } from '../infra/cli';
import { environmentOf } from '../shared/config';

const { values: options } = commandLine(
  'Usage: npm run bench [-- --cold-start]\n  --cold-start  only bundle sizes, cold imports and source maps\n',
  { 'cold-start': { type: 'boolean', default: false } },
);

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 10_000);
const KIB = 1024;
const out = path.join(repoRoot, 'bench/.out');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
let failed = false;
const verdict = (ok: boolean) => {
  if (!ok) failed = true;
  return ok ? 'holds' : 'EXCEEDED';
};

// ---- bundles -------------------------------------------------------------------------------
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

async function bundle(name: string, entry: string): Promise<Bundle> {
  const file = path.join(out, `${name}.mjs`);
  const result = await build(esbuildOptions(path.join(repoRoot, entry), file));
  const output = Object.values((result.metafile as Metafile).outputs)[0]!;
  const inputs = Object.keys((result.metafile as Metafile).inputs);
  const parts = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    const part = PARTS.find(([, pattern]) => pattern.test(input))?.[0] ?? 'other';
    parts.set(part, (parts.get(part) ?? 0) + bytesInOutput);
  }
  const clients = [
    ...new Set(
      inputs.map((i) => /@aws-sdk\/(client-[\w-]+|lib-dynamodb)\//.exec(i)?.[1]).filter((c): c is string => !!c),
    ),
  ].sort();
  return { name, file, bytes: statSync(file).size, clients, parts };
}

const referenceFor = (clients: string[]) =>
  clients.includes('client-s3')
    ? 'dynamodb-s3'
    : clients.includes('client-dynamodb')
      ? 'dynamodb'
      : clients.includes('client-sfn')
        ? 'sfn'
        : 'none';

// One function per handler entry (the two `page` routes share one), the event functions, the authorizer.
const entries = new Map<string, string>();
for (const r of routes) if (![...entries.values()].includes(r.entry)) entries.set(r.operation, r.entry);
for (const f of eventFunctions) entries.set(f.name, f.entry);
for (const o of operations) entries.set(`${o.name} step`, o.step.entry);
entries.set('authorizer', authorizerEntry);
const functions: Bundle[] = [];
for (const [name, entry] of entries) functions.push(await bundle(name, entry));
const references = new Map<string, Bundle>();
for (const fn of functions) {
  fn.reference = referenceFor(fn.clients);
  if (!references.has(fn.reference))
    references.set(fn.reference, await bundle(`reference-${fn.reference}`, `bench/references/${fn.reference}.ts`));
}

// ---- cold imports --------------------------------------------------------------------------
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
function timeOnce(file?: string, env: NodeJS.ProcessEnv = importEnv): number {
  const args = file
    ? ['--input-type=module', '-e', `await import(${JSON.stringify(pathToFileURL(file).href)})`]
    : ['-e', ''];
  const started = process.hrtime.bigint();
  const run = spawnSync(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (run.status !== 0) throw new Error(`import of ${file} failed: ${run.stderr}`);
  return ms;
}
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const samples = new Map<string, number[]>();
const all = [...functions, ...references.values()];
// Interleaved, so the machine's drift touches every subject alike.
for (let i = 0; i < RUNS; i++) {
  for (const subject of [undefined, ...all]) {
    const key = subject?.name ?? 'bare node';
    samples.set(key, [...(samples.get(key) ?? []), timeOnce(subject?.file)]);
  }
}
const bare = median(samples.get('bare node')!);
const coldImport = (b: Bundle) => median(samples.get(b.name)!) - bare;

// A cold start is budgeted by import time alone (bytes cost about 0.05 ms per KiB here; they are printed, not
// budgeted): a function with an SDK client at most 1.25 times its SDK-only reference, one without (no reference to be
// measured against) at most 15 ms over bare node.
const SDK_RATIO = 1.25;
const NO_SDK_MS = 15;

console.log(`\nBundles and cold imports (median of ${RUNS} runs minus bare \`node -e ''\` = ${bare.toFixed(1)} ms)`);
console.log(
  `Budgets: import <= ${SDK_RATIO} x reference with an SDK client, <= ${NO_SDK_MS} ms without; bytes have no budget\n`,
);
console.log(
  '| function | bundle KiB | reference | ref KiB | +KiB | import ms | ref ms | ratio | SDK clients | import | ' +
    'no DynamoDB/S3 |',
);
console.log('|---|---:|---|---:|---:|---:|---:|---:|---|---|---|');
for (const fn of functions) {
  const ref = references.get(fn.reference!)!;
  const extra = (fn.bytes - ref.bytes) / KIB;
  const sdk = fn.reference !== 'none';
  const ratio = sdk ? (coldImport(fn) / coldImport(ref)).toFixed(2) : '-';
  const importHolds = sdk ? coldImport(fn) <= SDK_RATIO * coldImport(ref) : coldImport(fn) <= NO_SDK_MS;
  const clean =
    fn.name === 'authorizer' ? verdict(!fn.clients.some((c) => c === 'client-dynamodb' || c === 'client-s3')) : '';
  console.log(
    `| ${fn.name} | ${(fn.bytes / KIB).toFixed(1)} | ${ref.name} | ${(ref.bytes / KIB).toFixed(1)} | ` +
      `${extra.toFixed(1)} | ${coldImport(fn).toFixed(1)} | ${sdk ? coldImport(ref).toFixed(1) : '-'} | ${ratio} | ` +
      `${fn.clients.join(', ') || 'none'} | ${verdict(importHolds)} | ${clean} |`,
  );
}

// Where the bytes beyond the SDK go; functions of the same make-up share a row.
{
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

// ---- source maps ---------------------------------------------------------------------------
// Deployed functions carry a linked source map; shared/stack-traces.ts reads it when a stack trace first passes
// through the bundle, instead of NODE_OPTIONS=--enable-source-maps reading it at every cold start. On the largest
// bundle: its import without a map, with the map as deployed, with --enable-source-maps, and what the first mapped
// stack trace pays once.
{
  const largest = functions.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  const file = path.join(out, `${largest.name}.mapped.mjs`);
  await build({ ...esbuildOptions(path.join(repoRoot, entries.get(largest.name)!), file), ...sourceMapOptions });
  const flagged = { ...importEnv, NODE_OPTIONS: '--enable-source-maps' };
  const [plain, deployed, withFlag]: [number[], number[], number[]] = [[], [], []];
  for (let i = 0; i < RUNS; i++) {
    plain.push(timeOnce(largest.file));
    deployed.push(timeOnce(file));
    withFlag.push(timeOnce(file, flagged));
  }
  const [off, lazy, on] = [plain, deployed, withFlag].map((runs) => median(runs) - bare) as [number, number, number];
  const firstStack = median(
    Array.from({ length: RUNS }, () => {
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

// ---- tenant sessions ------------------------------------------------------------------------
// The cold start of a tenant route holds its session's code (the table above); its first request of a tenant assumes
// the session (bench/sessions.ts), the next reuses it.
{
  const load = functions.find((fn) => fn.name === 'container.load')!;
  const figures = await measureTenantSessions(load.file, RUNS);
  console.log(
    `\nTenant sessions, ${load.name} as deployed (median of ${RUNS} fresh processes, DynamoDB Local, the local STS)\n`,
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

if (options['cold-start']) process.exit(failed ? 1 : 0);

// ---- DynamoDB consumed capacity -------------------------------------------------------------
function printCapacity(
  rows: [string, { calls: number; read: number; write: number; commands: string[] }, string][],
  budgetTitle: string,
) {
  console.log(`| operation | sequential calls | RCU | WCU | calls | ${budgetTitle} |`);
  console.log('|---|---:|---:|---:|---|---|');
  for (const [name, r, budget] of rows) {
    console.log(
      `| ${name} | ${r.calls} | ${+r.read.toFixed(2)} | ${+r.write.toFixed(2)} | ` +
        `${r.commands.map((c) => c.replace(/Command$/, '')).join(' > ') || 'none'} | ${budget} |`,
    );
  }
}
const scratch = mkdtempSync(path.join(os.tmpdir(), 'nm-bench-'));
Object.assign(process.env, {
  AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
  AWS_REGION: LOCAL_REGION,
});
const dynamo = await startDynamoDbLocal({ dataDir: scratch, inMemory: true });
try {
  await ensureTable(dynamo.endpoint, 'bench');
  const db = createDocumentClient(dynamo.endpoint);
  const metered = meter(db);
  // The stream writer, as the local runtime runs it, on a client of its own: what a write causes later.
  const writerDb = createDocumentClient(dynamo.endpoint);
  const writerMeter = meter(writerDb);
  const writer = sequenceWriter(writerDb, 'bench', membershipOf);
  const changes = followChanges({
    endpoint: dynamo.endpoint,
    tableName: 'bench',
    deliver: async (records) => void (await writer.apply(records.map(changeRecordOf))),
  });
  /** A write and the stream writer's work it causes, as one reading. */
  const withFollowUp = async <T>(work: () => Promise<T>) => {
    const request = await metered.measure(work);
    const later = await writerMeter.measure(() => changes.settled(60_000));
    return {
      ...request,
      write: request.write + later.write,
      read: request.read + later.read,
      commands: [...request.commands, '|', ...later.commands],
      later,
    };
  };
  const store = dynamoContainerStore(db, 'bench');
  const service = containerService(store);
  const tenant = { client: randomUUID(), facility: randomUUID() };
  const people: Writer[] = ['Ada', 'Ben', 'Cy'].map((name) => ({ sub: randomUUID(), name, roles: ['rpo'] }));
  const [ada, ben, cy] = people as [Writer, Writer, Writer];
  for (const p of [ben, cy]) await service.create(tenant, p, { Name: 'seed' }, randomUUID());
  const measuredBody = {
    Name: 'Box 1',
    Weight: 1200,
    MeasurementActivity: 5.2e4,
    MeasurementFactor: 1,
    MeasurementDate: '2026-11-20 08:00:00',
    MeasuredBy: ada.sub,
    MeasurementContaminationBy: ada.sub,
  };

  const rows: [string, Awaited<ReturnType<typeof metered.measure>>, string][] = [];
  const create = await metered.measure(() => service.create(tenant, ada, measuredBody, randomUUID()));
  rows.push(['create', create, '']);
  const uuid = create.result.model.Uuid as string;
  const load = await metered.measure(() => service.load(tenant, uuid));
  rows.push(['load (one person named)', load, verdict(load.read <= 1 && load.calls <= 2)]);
  const update = await metered.measure(() =>
    service.update(tenant, ada, uuid, { Weight: 1100 }, undefined, randomUUID()),
  );
  rows.push(['update', update, '']);
  await service.update(tenant, ada, uuid, { MeasurementContaminationBy: ben.sub }, undefined, randomUUID());
  // The third person, the releasing officer, written straight to the store: only a release sets it.
  const measured = (await store.load(tenant, uuid, { consistent: true }))!.record;
  await store.update(
    measured,
    { ...measured, ReleasedByRadiationProtectionOfficer: cy.sub, Version: measured.Version + 1 },
    [{ field: 'ReleasedByRadiationProtectionOfficer', old: null, new: cy.sub }],
    { actor: { sub: ada.sub, name: ada.name }, at: measured.UpdatedAt, requestId: randomUUID() },
  );
  const loadThree = await metered.measure(() => service.load(tenant, uuid));
  rows.push(['load (three people named)', loadThree, '(+0.5 RCU per extra person)']);
  const defaults = { calls: 0, read: 0, write: 0, commands: [] };
  rows.push(['loadDefault', { ...defaults, result: undefined }, '']);
  const other = await service.create(tenant, ada, { Name: 'to delete' }, randomUUID());
  const remove = await metered.measure(() => service.remove(tenant, ada, other.model.Uuid as string, randomUUID()));
  rows.push(['delete', remove, '']);

  console.log('\nDynamoDB per container operation (ReturnConsumedCapacity TOTAL on DynamoDB Local)\n');
  printCapacity(rows, 'budget (load <= 1 RCU in <= 2 calls)');

  // ---- documents: a facility with DOCUMENTS documents, made through the store's create path --------
  const documentStore = dynamoDocumentStore(db, 'bench');
  const docs = documentService(documentStore, s3FileStorage(createS3Client('http://127.0.0.1:9'), 'bench'), {
    pageSize: 100,
    maxUploadBytes: 50 * 1024 * 1024,
  });
  const facility = { client: randomUUID(), facility: randomUUID() };
  const started = Date.now();
  const start = Date.UTC(2024, 0, 1);
  for (let i = 0; i < DOCUMENTS; i += 500) {
    // A history: one document every 30 minutes, over the six scopes and 50 references; counted by the stream writer.
    const items = Array.from({ length: Math.min(500, DOCUMENTS - i) }, (_, j) =>
      documentItem(
        newDocument(
          facility,
          randomUUID(),
          {
            Scope: DOCUMENT_SCOPES[(i + j) % 6]!,
            ScopeReference: `ref-${(i + j) % 50}`,
            Filename: `document-${i + j}.pdf`,
          },
          new Date(start + (i + j) * 1_800_000),
        ),
      ),
    );
    await batchPut(db, 'bench', items);
    process.stderr.write(`\rseeding documents ${i + items.length}/${DOCUMENTS}`);
  }
  await changes.settled(300_000);
  process.stderr.write(
    `\rseeded and counted ${DOCUMENTS} documents in ${((Date.now() - started) / 1000).toFixed(0)} s\n`,
  );
  const documentRows: [string, Awaited<ReturnType<typeof metered.measure>>, string][] = [];
  const measure = async (name: string, work: () => Promise<unknown>, budget = '') => {
    const reading = await metered.measure(work);
    documentRows.push([name, reading, budget]);
    return reading;
  };
  const lastPage = Math.ceil(DOCUMENTS / 100);
  await measure('find (1,000 of them + Warning)', () => docs.find(facility, { kind: 'all' }));
  const page1 = await measure('page 1', () => docs.page(facility, undefined, 1));
  documentRows[documentRows.length - 1]![2] = `<= 25 RCU: ${verdict(page1.read <= 25)}`;
  const page100 = await measure(`page ${Math.min(100, lastPage)}`, () =>
    docs.page(facility, undefined, Math.min(100, lastPage)),
  );
  const ratio = page100.read / page1.read;
  documentRows[documentRows.length - 1]![2] =
    `<= 25 RCU: ${verdict(page100.read <= 25)}; ${ratio.toFixed(2)}x page 1 (<= 3): ${verdict(ratio <= 3)}`;
  await measure(`page ${Math.ceil(lastPage / 2)} (?State=ACTIVE)`, () =>
    docs.page(facility, 'ACTIVE', Math.ceil(lastPage / 2)),
  );
  await measure('latest', () => docs.latest(facility, undefined));
  await measure('facility (DOCUMENT_FOLDER)', () => docs.find(facility, { kind: 'scope', scope: 'DOCUMENT_FOLDER' }));
  await measure('device/{uuid}', () => docs.find(facility, { kind: 'reference', scope: 'DEVICE', reference: 'ref-1' }));
  const some = (await documentStore.list(facility, { kind: 'all' }, 1))[0]!;
  await measure('report', () =>
    documentReport(documentStore.tenantsOf, async () => docs)(
      { sub: 'x', name: undefined, clients: [], facilities: [], roles: ['reporter'], exp: 0 },
      some.Uuid,
    ),
  );
  const documentCreate = await withFollowUp(() =>
    docs.create(facility, { Scope: 'DEVICE', ScopeReference: 'ref-1', Filename: 'new.pdf' }),
  );
  documentRows.push([
    "create, with the stream writer's work (after |)",
    documentCreate,
    `<= 20 WCU: ${verdict(documentCreate.write <= 20)}`,
  ]);
  documentRows.push([
    "update (state change), with the stream writer's work",
    await withFollowUp(() => docs.update(facility, some.Uuid, { State: 'ARCHIVED' })),
    '',
  ]);
  documentRows.push([
    "update (rename), with the stream writer's work",
    await withFollowUp(() => docs.update(facility, some.Uuid, { Filename: 'renamed.pdf' })),
    '',
  ]);
  console.log(
    `\nDynamoDB per document operation, facility with ${DOCUMENTS} documents (ReturnConsumedCapacity TOTAL)\n`,
  );
  printCapacity(documentRows, 'budget');

  // ---- maintenance log report: a token with one and with three facilities ----------------------
  const logStore = dynamoMaintenanceStore(db, 'bench');
  const log = maintenanceService(logStore, 100);
  const logClient = randomUUID();
  const logFacilities = [randomUUID(), randomUUID(), randomUUID()];
  const PER_FACILITY = 300;
  for (let i = 0; i < PER_FACILITY; i++) {
    for (const [f, facility] of logFacilities.entries()) {
      const reporter = { sub: `person-${i % 40}`, name: `Person ${i % 40}` };
      await logStore.create(
        createEntry(
          { client: logClient, facility },
          randomUUID(),
          {
            IncidentTitle: `Incident ${i}`,
            IncidentCause: 'A cause',
            Device: `device-${i % 25}`,
            IncidentDateStart: formatTimestamp(new Date(start + (i * 3 + f) * 3_600_000)),
          },
          reporter.sub,
          new Date(),
        ),
        reporter,
      );
    }
  }
  await changes.settled(120_000);
  const identity = (facilities: string[], roles: string[] = []) => ({
    sub: 'bench',
    name: undefined,
    clients: [logClient],
    facilities,
    roles,
    exp: 0,
  });
  const logRows: [string, Awaited<ReturnType<typeof metered.measure>>, string][] = [];
  const logCreate = await withFollowUp(() =>
    log.create(
      { client: logClient, facility: logFacilities[0]! },
      { sub: 'person-1', name: 'Person 1', roles: [] },
      { IncidentTitle: 'New', IncidentCause: 'A cause', IncidentDateStart: '2026-11-20 08:00:00' },
    ),
  );
  logRows.push([
    "create, with the stream writer's work (after |)",
    logCreate,
    `<= 12 WCU: ${verdict(logCreate.write <= 12)}`,
  ]);
  for (const [name, caller, page] of [
    ['page 1, token with 1 facility', identity(logFacilities.slice(0, 1)), 1],
    ['page 1, token with 3 facilities', identity(logFacilities), 1],
    ['page 3, token with 1 facility', identity(logFacilities.slice(0, 1)), 3],
    ['page 3, token with 3 facilities', identity(logFacilities), 3],
    ['page 1, role reporter (all tenants)', identity([], ['reporter']), 1],
    ['page 9, role reporter (all tenants)', identity([], ['reporter']), 9],
  ] as const) {
    logRows.push([name, await metered.measure(() => log.page(caller, page)), '']);
  }
  logRows.push(['find, token with 3 facilities', await metered.measure(() => log.find(identity(logFacilities))), '']);
  console.log(
    `\nDynamoDB per maintenance log write and report page (${PER_FACILITY} entries in each of 3 facilities; names ` +
      `resolved per page)\n`,
  );
  printCapacity(logRows, 'budget');
  // The scale runs below write 100,000 items in bulk: counting them is not what they measure.
  await changes.stop();
  // ---- export and import of 100,000 records (maintenance operations), time and peak memory ------
  const SCALE = Number(process.env.BENCH_SCALE_RECORDS ?? 100_000);
  const s3Emulator = await startS3({ dir: path.join(scratch, 's3'), buckets: ['bench-files'] });
  await ensureTable(dynamo.endpoint, 'bench-scale', { stream: false });
  try {
    const scaleClient = randomUUID();
    const facilities = Array.from({ length: 10 }, () => randomUUID());
    const seeded = Date.now();
    const batch: Record<string, unknown>[] = [];
    for (let i = 0; i < SCALE; i++) {
      const tenant = { client: scaleClient, facility: facilities[i % facilities.length]! };
      const at = new Date(start + i * 60_000);
      if (i % 10 < 5)
        batch.push(
          documentItem(
            newDocument(
              tenant,
              randomUUID(),
              { Scope: DOCUMENT_SCOPES[i % 6]!, ScopeReference: `ref-${i % 500}`, Filename: `document-${i}.pdf` },
              at,
            ),
          ),
        );
      else if (i % 10 < 8)
        batch.push(
          maintenanceItem(
            createEntry(
              tenant,
              randomUUID(),
              { IncidentTitle: `Incident ${i}`, IncidentCause: 'A cause', IncidentDateStart: formatTimestamp(at) },
              `person-${i % 50}`,
              at,
            ),
          ),
        );
      else {
        batch.push(containerItem(createContainer(tenant, randomUUID(), { Name: `Box ${i}`, Weight: 10 }, [], at)));
      }
      if (batch.length === 1000 || i === SCALE - 1) {
        await batchPut(db, 'bench-scale', batch.splice(0));
        process.stderr.write(`\rseeding records ${i + 1}/${SCALE}`);
      }
    }
    process.stderr.write(`\rseeded ${SCALE} records in ${((Date.now() - seeded) / 1000).toFixed(0)} s\n`);
    // Asynchronous: the S3 emulator answers from this process's event loop.
    // The run gets the heap a 256 MB function gets: V8 on a 24 GB machine grows its heap lazily far
    // beyond what it needs, so an unbounded run measures V8's appetite, not the operation's. Finishing
    // within these limits is what shows the operation fits; the peak RSS says by how much.
    const FUNCTION_HEAP = ['--max-old-space-size=192', '--max-semi-space-size=16'];
    const child = async (args: string[], table: string) => {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [...FUNCTION_HEAP, '--import', 'tsx', 'bench/scale-run.ts', ...args],
        {
          cwd: repoRoot,
          env: {
            ...process.env,
            ...environmentOf({
              tableName: table,
              bucketName: 'bench-files',
              dynamodbEndpoint: dynamo.endpoint,
              s3Endpoint: s3Emulator.endpoint,
            }),
            LOG_LEVEL: 'SILENT',
          },
          maxBuffer: 64 * 1024 * 1024,
        },
      );
      return JSON.parse(stdout.trim().split('\n').pop()!) as {
        seconds: number;
        peakRssMiB: number;
        result: Record<string, unknown>;
      };
    };
    const exported = await child(['exportRecords', scaleClient], 'bench-scale');
    await ensureTable(dynamo.endpoint, 'bench-fresh', { stream: false });
    const imported = await child(['importRecords', scaleClient, String(exported.result.location)], 'bench-fresh');
    console.log(
      `\nMaintenance operations on ${SCALE} records of one client (10 facilities), each in its own process\n`,
    );
    console.log('| operation | seconds | peak RSS MiB (<= 256) | result |');
    console.log('|---|---:|---:|---|');
    console.log(
      `| exportRecords | ${exported.seconds} | ${exported.peakRssMiB} ${verdict(exported.peakRssMiB <= 256)} | ` +
        `${JSON.stringify(exported.result.counts)}, ${exported.result.parts} parts |`,
    );
    console.log(
      `| importRecords (fresh table) | ${imported.seconds} | ${imported.peakRssMiB} ` +
        `${verdict(imported.peakRssMiB <= 256)} | imported ${imported.result.imported}, unchanged ` +
        `${imported.result.unchanged}, rejected ${imported.result.rejected} |`,
    );
  } finally {
    await s3Emulator.stop();
  }
} finally {
  await dynamo.stop();
  rmSync(scratch, { recursive: true, force: true });
}
// ---- writes under concurrency, over HTTP on a local runtime of its own ------------------------------
if (!printConcurrency(await runConcurrency())) failed = true;
console.log(failed ? '\nA budget is exceeded.' : '\nAll budgets hold.');
process.exit(failed ? 1 : 0);
