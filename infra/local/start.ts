/**
 * `npm start`: the whole service on a laptop. Starts DynamoDB Local and s3rver, creates the table
 * and the bucket, and serves every route of the route table through the same authorizer and
 * handlers as on AWS. Data lives under `.local/` (or LOCAL_DIR); `--in-memory` keeps nothing.
 * Ctrl-C or SIGTERM stops the emulators too.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { commandLine } from '../cli';
import { ensureTable, JavaMissingError, LOCAL_REGION, startDynamoDbLocal, startS3, type Emulator } from './emulators';
import { applyFunctionEnvironment } from './environment';
import { localDir, READY_LINE, runtimeFile, type RuntimeInfo } from './paths';
import { assertPortFree, forgetProcesses, recordProcesses, stopStaleProcesses } from './processes';
import { VARIABLES } from '../../shared/config';

const usage = `usage: npm start [-- --in-memory]
  serves every route on http://$HOST:$PORT (127.0.0.1:3000) over DynamoDB Local and s3rver;
  data under .local/ (LOCAL_DIR), --in-memory keeps nothing; the port is checked before the emulators start
`;
const { values } = commandLine(usage, { 'in-memory': { type: 'boolean', default: false } });
const inMemory = values['in-memory'];
const host = process.env.HOST ?? '127.0.0.1';
const port = Number(process.env.PORT ?? 3000);
const dir = localDir();
const tableName = process.env[VARIABLES.tableName] ?? 'nm-archive-local';
const bucketName = process.env[VARIABLES.bucketName] ?? 'nm-archive-local-files';
const recordsBucketName = process.env[VARIABLES.recordsBucketName] ?? 'nm-archive-local-records';

const running: Emulator[] = [];
let scratch: string | undefined;
let stopping = false;

async function stop(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    await Promise.allSettled(running.map((e) => e.stop()));
    if (scratch) rmSync(scratch, { recursive: true, force: true });
    rmSync(runtimeFile(), { force: true });
    forgetProcesses();
  }
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
process.on('SIGHUP', () => void stop(0));
// If whoever started us is gone (a killed npm, a closed terminal), stop too.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) void stop(0);
}, 1000).unref();

async function main(): Promise<void> {
  // Before anything starts: a DynamoDB Local left by a killed runtime is stopped, a taken port reported.
  await stopStaleProcesses((line) => process.stderr.write(`${line}\n`));
  await assertPortFree(host, port);
  const dynamo = await startDynamoDbLocal({ dataDir: path.join(dir, 'dynamodb'), inMemory });
  running.push(dynamo);
  recordProcesses({ runtime: process.pid, dynamodb: dynamo.pid });
  // Without its database the API can only fail: an emulator that dies takes the runtime down, saying so.
  void dynamo.died.then((how) => {
    process.stderr.write(
      `DynamoDB Local stopped unexpectedly (${how}); the local runtime stops too. Run npm start again.\n`,
    );
    return stop(1);
  });
  scratch = inMemory ? mkdtempSync(path.join(os.tmpdir(), 'nm-archive-s3-')) : undefined;
  const s3 = await startS3({ dir: scratch ?? path.join(dir, 's3'), buckets: [bucketName, recordsBucketName] });
  running.push(s3);
  await ensureTable(dynamo.endpoint, tableName);

  // The local Step Functions endpoint for the maintenance operations' executions.
  const { createStepFunctionsEndpoint } = await import('./stepfunctions');
  const stepFunctions = createStepFunctionsEndpoint();
  await new Promise<void>((resolve) => stepFunctions.listen(0, '127.0.0.1', resolve));
  stepFunctions.unref();
  const settings = {
    dynamodbEndpoint: dynamo.endpoint,
    s3Endpoint: s3.endpoint,
    stepFunctionsEndpoint: `http://127.0.0.1:${(stepFunctions.address() as { port: number }).port}`,
    tableName,
    bucketName,
    recordsBucketName,
    region: LOCAL_REGION,
  };
  applyFunctionEnvironment(settings);
  // Tests check every AWS request a function makes against its IAM policy (test/support/iam.ts).
  if (process.env.IAM_RECORD_FILE) (await import('./iam-recorder')).recordSdkCalls(process.env.IAM_RECORD_FILE);
  // Imported only now: the functions read these settings when they load.
  const { createGateway } = await import('./gateway');
  const { deliverFileEvents, deliverTableChanges, runSchedules } = await import('./lambda');
  // s3rver is an EventEmitter (its typings leave that out).
  deliverFileEvents(s3.server as unknown as Parameters<typeof deliverFileEvents>[0], bucketName);
  deliverTableChanges(dynamo.endpoint, tableName);
  const sweepSeconds = Number(process.env.RELEASE_SWEEP_SECONDS ?? 10);
  runSchedules(Number.isFinite(sweepSeconds) && sweepSeconds > 0 ? sweepSeconds : 10);
  const server = createGateway();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address() as { port: number };
  const apiUrl = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  const info: RuntimeInfo = { apiUrl, ...settings, pid: process.pid };
  writeFileSync(runtimeFile(), `${JSON.stringify(info, null, 2)}\n`);
  process.stdout.write(`${READY_LINE}${apiUrl}\n`);
}

main().catch(async (error: unknown) => {
  const message =
    error instanceof JavaMissingError ? error.message : `Could not start the local API: ${(error as Error).message}`;
  process.stderr.write(`${message}\n`);
  await stop(1);
});
