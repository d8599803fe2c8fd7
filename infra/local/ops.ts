/**
 * `npm run --silent ops -- <operation> [<clientUuid> [<facilityUuid>]] [--out DIR] [--from DIR] [--dry-run]
 * [--segments N] [--<input> VALUE]`: runs a
 * maintenance operation (named by its /service/ path segment, e.g. `regenerate-sequence-memory`)
 * against the running `npm start` stack: starts an execution of its state machine on the local
 * Step Functions endpoint, as the /service route does, and follows its status; a progress bar on
 * stderr, then what it read and wrote, one JSON result on stdout (exit 1 when the execution fails).
 * `--segments N` (whole-table operations): how many parallel scan segments, 1 to 1000. An operation's other inputs
 * (OperationDefinition.inputs) are options of their name; `--from DIR` uploads the folder and names its prefix.
 *
 * `npm run --silent ops -- status <executionId>`: the status of an execution, as
 * GET /service/executions/{executionId} answers it.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { commandLine } from '../cli';
import { operations } from '../../shared/routes/operations';
import type { ExecutionStatus } from '../../shared/operations/status';
import type { Usage } from '../../shared/operations/usage';
import { applyFunctionEnvironment } from './environment';
import { runtimeFile, type RuntimeInfo } from './paths';

const usage = [
  'usage: npm run --silent ops -- <operation> [<clientUuid> [<facilityUuid>]] [--out DIR] [--from DIR] [--dry-run]',
  '         [--segments N] [--<input> VALUE]',
  '       npm run --silent ops -- status <executionId>',
  `operations: ${operations.map((o) => o.slug).join(', ')}`,
  '',
].join('\n');
const fail = (message: string, code = 2): never => {
  process.stderr.write(`${message}\n`);
  process.exit(code);
};

const { values, positionals } = commandLine(
  usage,
  {
    out: { type: 'string' },
    from: { type: 'string' },
    'dry-run': { type: 'boolean', default: false },
    segments: { type: 'string' },
    ...Object.fromEntries(
      [...new Set(operations.flatMap((o) => Object.keys(o.inputs ?? {})))]
        .filter((name) => name !== 'from')
        .map((name) => [name, { type: 'string' as const }]),
    ),
  },
  { allowPositionals: true },
);
const [slug, client, facility] = positionals;
if (slug === 'status') {
  if (!client) fail(`status needs an execution id.\n${usage}`);
  if (!existsSync(runtimeFile()))
    fail('The local API is not running: start it with `npm start` (in another terminal).', 1);
  applyFunctionEnvironment(JSON.parse(readFileSync(runtimeFile(), 'utf8')) as RuntimeInfo);
  const { statusOf } = await import('../../shared/operations/status');
  const status = await statusOf(client!, 'en');
  if (!status) fail(`No execution ${client} (the local runtime keeps executions while it runs).`, 1);
  process.stdout.write(`${JSON.stringify(status, null, 2)}\n`);
  process.exit(0);
}
const operation = operations.find((o) => o.slug === slug || o.name === slug);
if (!operation) fail(`${slug === undefined ? 'no operation given' : `unknown operation '${slug}'`}\n${usage}`);
if (operation!.scope !== 'table' && !client) fail(`${operation!.slug} needs a client uuid.\n${usage}`);
if (operation!.scope === 'facility' && !facility) fail(`${operation!.slug} needs a facility uuid.\n${usage}`);
for (const [name, parameter] of Object.entries(operation!.inputs ?? {}))
  if (parameter.required && values[name as keyof typeof values] === undefined)
    fail(
      `${operation!.slug} needs --${name}` +
        `${name === 'from' ? ' DIR (a folder written by export-records --out)' : ''}.\n${usage}`,
    );
if (values.segments !== undefined && (operation!.scope !== 'table' || !/^(?:[1-9]\d{0,2}|1000)$/.test(values.segments)))
  fail(`--segments takes a whole number from 1 to 1000, for a whole-table operation only.\n${usage}`);
if (!existsSync(runtimeFile()))
  fail(
    'The local API is not running: start it with `npm start` (in another terminal), then run the operation again.',
    1,
  );

applyFunctionEnvironment(JSON.parse(readFileSync(runtimeFile(), 'utf8')) as RuntimeInfo);
process.env.LOG_LEVEL ??= 'WARN';
const { sfn } = await import('../../shared/clients/sfn');
const { executionStatus } = await import('../../shared/operations/status');
const { startExecution } = await import('../../shared/operations/start');
const { ListObjectsV2Command } = await import('@aws-sdk/client-s3');
const { createS3Client } = await import('../../shared/clients/s3');
const { s3FileStorage } = await import('../../shared/data/files');
const { config } = await import('../../shared/config');
const s3 = createS3Client();
const bucket = s3FileStorage(s3, config.bucketName);

/** The objects `upload` put into the bucket: a dry run takes them out again, so it leaves the bucket as it was. */
const uploaded: string[] = [];
/** --from DIR: the folder goes into the bucket under imports/{client}/{run}/, which the import reads. */
async function upload(dir: string): Promise<string> {
  if (!existsSync(path.join(dir, 'manifest.json'))) fail(`${dir} holds no manifest.json: not an export folder`);
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '');
  const prefix = `imports/${client}/${stamp}-${randomUUID().slice(0, 8)}/`;
  const walk = (d: string): string[] =>
    readdirSync(d).flatMap((f) =>
      statSync(path.join(d, f)).isDirectory() ? walk(path.join(d, f)) : [path.join(d, f)],
    );
  for (const file of walk(dir)) {
    const key = `${prefix}${path.relative(dir, file).split(path.sep).join('/')}`;
    await bucket.put(key, readFileSync(file), 'application/octet-stream');
    uploaded.push(key);
  }
  return prefix;
}

/** --out DIR: the export's objects, mirrored into the folder. */
async function download(prefix: string, dir: string): Promise<number> {
  let copied = 0;
  let ContinuationToken: string | undefined;
  do {
    const page = await s3.send(
      new ListObjectsV2Command({ Bucket: config.bucketName, Prefix: prefix, ContinuationToken }),
    );
    for (const object of page.Contents ?? []) {
      const target = path.join(dir, object.Key!.slice(prefix.length));
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, (await bucket.read(object.Key!))!);
      copied += 1;
    }
    ContinuationToken = page.NextContinuationToken;
  } while (ContinuationToken);
  return copied;
}

const from = values.from ? await upload(path.resolve(values.from)) : undefined;
const inputs = Object.fromEntries(
  Object.keys(operation!.inputs ?? {}).flatMap((name) => {
    const value = name === 'from' ? from : (values[name as keyof typeof values] as string | undefined);
    return value === undefined ? [] : [[name, value]];
  }),
);
const bar = (p: NonNullable<ExecutionStatus['Progress']>) => {
  if (!process.stderr.isTTY && p.Total === undefined) return process.stderr.write(`${p.Phase}: ${p.Processed}\n`);
  const width = 30;
  const filled = p.Total ? Math.round((Math.min(p.Processed, p.Total) / Math.max(p.Total, 1)) * width) : 0;
  const text =
    `${p.Phase.padEnd(16)} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ` +
    `${p.Processed}${p.Total !== undefined ? `/${p.Total}` : ''}`;
  process.stderr.write(process.stderr.isTTY ? `\r${text}\x1b[K` : `${text}\n`);
};
const started = Date.now();
const { executionId, executionArn } = await startExecution(sfn, operation!, {
  client,
  facility,
  inputs,
  dryRun: values['dry-run'] ?? false,
  ...(values.segments ? { segments: Number(values.segments) } : {}),
});
process.stderr.write(`execution ${executionId}\n`);
let status: ExecutionStatus | undefined;
let shown = '';
for (;;) {
  status = await executionStatus(sfn, operation!.name, executionArn);
  if (status?.Progress && JSON.stringify(status.Progress) !== shown) {
    shown = JSON.stringify(status.Progress);
    bar(status.Progress);
  }
  if (status && status.Status !== 'RUNNING') break;
  await new Promise((resolve) => setTimeout(resolve, 250));
}
if (process.stderr.isTTY) process.stderr.write('\n');
if (values['dry-run']) for (const key of uploaded) await bucket.remove(key);
if (status.Status !== 'SUCCEEDED') {
  const failed = {
    operation: operation!.name,
    executionId,
    status: status.Status,
    error: status.Error,
    progress: status.Progress,
  };
  process.stdout.write(`${JSON.stringify(failed, null, 2)}\n`);
  process.exit(1);
}
const report = status.Result as { location?: string; read?: Usage; written?: Usage; segments?: unknown[] };
if (report.read && report.written)
  process.stderr.write(
    `read ${report.read.items} items (${report.read.capacityUnits} RCU), wrote ${report.written.items} items ` +
      `(${report.written.capacityUnits} WCU)${report.segments ? ` in ${report.segments.length} segments` : ''}\n`,
  );
const written =
  values.out && report.location
    ? { out: path.resolve(values.out), objectsWritten: await download(report.location, path.resolve(values.out)) }
    : {};
const seconds = Math.round((Date.now() - started) / 100) / 10;
const summary = { operation: operation!.name, executionId, seconds, result: status.Result, ...written };
process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
