/**
 * `npm start`: the whole service on a laptop. Starts DynamoDB Local and s3rver, creates the table
 * and the bucket, and serves every route of the route table through the same authorizer and
 * handlers as on AWS. Data lives under `.local/` (or LOCAL_DIR); `--in-memory` keeps nothing.
 * Ctrl-C or SIGTERM stops the emulators too.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { commandLine } from '../cli';
import { ensureTable, JavaMissingError, LOCAL_REGION, startDynamoDbLocal, startS3, type Emulator } from './emulators';
import { applyFunctionEnvironment } from './environment';
import { localDir, READY_LINE, runtimeFile, type RuntimeInfo } from './paths';
import { assertPortFree, forgetProcesses, recordProcesses, stopStaleProcesses } from './processes';
import { type IamAsk, iamRequestsOf, LOCAL_ACCOUNT } from './iam-requests';
import { VARIABLES } from '../../shared/config';

const usage = `usage: npm start [-- --in-memory] [-- --enforce-iam] [-- --faults <faults>]
  serves every route on http://$HOST:$PORT (127.0.0.1:3000) over DynamoDB Local and s3rver;
  data under .local/ (LOCAL_DIR), --in-memory keeps nothing; the port is checked before the emulators start;
  --enforce-iam answers a tenant session's call the stack's IAM policies refuse with AccessDenied, as AWS would
  (it synthesizes the dev stage first: a few seconds more to start);
  --faults fails the functions' DynamoDB and S3 calls as AWS may (docs/running.md#faults), joined by ';':
    dynamodb:TransactWriteItems#2=timeout   the 2nd such call (throttle, 500, timeout or crash), @<function> for one's
    random:seed=7,dynamodb=0.02,s3=0.01     calls failed at random (throttles, S3 500s), the same for the same seed
    control                                 rules and traces set per scope over the control endpoint (faultsEndpoint)
`;
const { values } = commandLine(usage, {
  'in-memory': { type: 'boolean', default: false },
  'enforce-iam': { type: 'boolean', default: false },
  faults: { type: 'string' },
});
const inMemory = values['in-memory'];
const enforcing = values['enforce-iam'];
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
  const stepFunctions = await listening(createStepFunctionsEndpoint());
  // Enforcing: the stage's policies decide a tenant session's calls (infra/local/enforcer.ts), and its AssumeRole.
  const enforcer = enforcing ? await enforcement({ tableName, bucketName, recordsBucketName }) : undefined;
  // The local STS, where functions get their tenant sessions.
  const { createStsEndpoint } = await import('./sts');
  const sts = await listening(createStsEndpoint(enforcer?.assume));
  const proxied = enforcer
    ? {
        dynamodbEndpoint: await listening(enforcer.proxy('dynamodb', dynamo.endpoint)),
        s3Endpoint: await listening(enforcer.proxy('s3', s3.endpoint)),
      }
    : { dynamodbEndpoint: dynamo.endpoint, s3Endpoint: s3.endpoint };
  const settings = {
    ...proxied,
    stepFunctionsEndpoint: stepFunctions,
    stsEndpoint: sts,
    tableName,
    bucketName,
    recordsBucketName,
    region: LOCAL_REGION,
  };
  applyFunctionEnvironment(settings);
  const faultsEndpoint = values.faults === undefined ? undefined : await faultSwitch(values.faults);
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
  const info: RuntimeInfo = {
    apiUrl,
    ...settings,
    enforcing,
    ...(faultsEndpoint ? { faultsEndpoint } : {}),
    pid: process.pid,
  };
  writeFileSync(runtimeFile(), `${JSON.stringify(info, null, 2)}\n`);
  process.stdout.write(`${READY_LINE}${apiUrl}\n`);
}

/**
 * The fault switch (infra/local/faults.ts): the functions' clients get the fault middleware, with the rules given; with
 * `control` the endpoint that sets rules per scope, its address.
 */
async function faultSwitch(spec: string): Promise<string | undefined> {
  const [{ installFaults }, { createFaultControl }] = await Promise.all([
    import('./faults'),
    import('./fault-control'),
  ]);
  const parts = spec.split(';').map((part) => part.trim());
  installFaults(parts.filter((part) => part !== 'control').join(';'));
  return parts.includes('control') ? listening(createFaultControl()) : undefined;
}

/** A local endpoint listening on a free port of the loopback; its address. */
async function listening(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * The enforcing mode: the dev stage's policies (infra/local/iam-policies.ts) decide each request of a tenant session,
 * as the tenant role of the function it was given to (its session is named after it), and each AssumeRole, as the
 * function's own role against the tenant role's trust policy.
 */
async function enforcement(names: { tableName: string; bucketName: string; recordsBucketName: string }) {
  const { functionKeyByName, stagePolicies } = await import('./iam-policies');
  const { enforcingProxy } = await import('./enforcer');
  const { evaluate } = stagePolicies(names);
  const refusal = async (
    sessionName: string,
    principal: string,
    requests: IamAsk[],
    session?: Record<string, string>,
  ) => {
    const fn = functionKeyByName.get(sessionName);
    for (const request of requests) {
      const result = fn ? await evaluate(fn, { ...request, ...(session ? { session } : {}) }) : undefined;
      if (result?.result !== 'Allowed')
        return (
          `User: ${principal} is not authorized to perform: ${request.action} on resource: ${request.resource} ` +
          `because no identity-based policy allows the ${request.action} action`
        );
    }
    return undefined;
  };
  return {
    proxy: (service: 'dynamodb' | 's3', target: string) =>
      enforcingProxy(service, target, (session, requests) =>
        refusal(
          session.sessionName,
          `arn:aws:sts::${LOCAL_ACCOUNT}:assumed-role/${session.roleArn.split('/').at(-1)}/${session.sessionName}`,
          requests,
          session.tags,
        ),
      ),
    assume: ({ sessionName, roleArn, tags }: { sessionName: string; roleArn: string; tags: Record<string, string> }) =>
      refusal(
        sessionName,
        `arn:aws:iam::${LOCAL_ACCOUNT}:role/${sessionName}`,
        iamRequestsOf('sts', 'AssumeRole', {
          RoleArn: roleArn,
          Tags: Object.entries(tags).map(([Key, Value]) => ({ Key, Value })),
        }),
      ),
  };
}

main().catch(async (error: unknown) => {
  const message =
    error instanceof JavaMissingError ? error.message : `Could not start the local API: ${(error as Error).message}`;
  process.stderr.write(`${message}\n`);
  await stop(1);
});
