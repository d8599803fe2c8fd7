/**
 * The two emulators of the local runtime: the official DynamoDB Local (the jar shipped in the
 * amplify-dynamodb-simulator package, run with the machine's Java) and s3rver. Both speak the real
 * protocols, so the same SDK clients and handlers run against them.
 */
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  ResourceInUseException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import S3rver from 's3rver';
import { TABLE_DEFINITION } from '../../shared/data/table';

export const LOCAL_REGION = 'eu-central-1';
/** Both emulators accept this key pair (DynamoDB Local: letters and digits; s3rver: exactly S3RVER). */
export const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export class JavaMissingError extends Error {
  constructor() {
    super(
      'Java was not found. The local runtime runs the official DynamoDB Local, which needs a Java runtime (17 or ' +
        'newer) on the PATH.\n' +
        'Install one (Debian/Ubuntu: `sudo apt-get install openjdk-17-jre-headless`; macOS: `brew install ' +
        'openjdk@17`) ' +
        'and run `npm start` again.',
    );
    this.name = 'JavaMissingError';
  }
}

/** A port nothing listens on now. */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface Emulator {
  endpoint: string;
  stop(): Promise<void>;
}

/** An emulator in a process of its own: its id, and how it ended if it ended without `stop()`. */
export interface ChildEmulator extends Emulator {
  pid: number;
  /** Resolves with a description (exit code or signal, last stderr) when the process ends on its own. */
  died: Promise<string>;
}

function dynamoClient(endpoint: string) {
  return new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS, maxAttempts: 1 });
}

/** Starts DynamoDB Local; data in `dataDir` unless in memory. Resolves once it answers. */
export async function startDynamoDbLocal(options: {
  dataDir: string;
  inMemory: boolean;
  port?: number;
}): Promise<ChildEmulator> {
  const java = spawnSync('java', ['-version'], { stdio: 'ignore' });
  if (java.error || java.status !== 0) throw new JavaMissingError();
  const emulatorDir = path.join(
    path.dirname(createRequire(import.meta.url).resolve('amplify-dynamodb-simulator/package.json')),
    'emulator',
  );
  const port = options.port ?? (await freePort());
  mkdirSync(options.dataDir, { recursive: true });
  const args = [
    '-XX:-UsePerfData',
    '-Xshare:auto',
    `-Djava.library.path=${path.join(emulatorDir, 'DynamoDBLocal_lib')}`,
    '-jar',
    path.join(emulatorDir, 'DynamoDBLocal.jar'),
    '-port',
    String(port),
    // One database for every access key id: tenant sessions' credentials see the same table (infra/local/sts.ts).
    ...(options.inMemory ? ['-inMemory', '-sharedDb'] : ['-sharedDb', '-dbPath', options.dataDir]),
  ];
  // Its working directory receives dynamodb-local-metadata.json.
  const child: ChildProcess = spawn('java', args, { cwd: options.dataDir, stdio: ['ignore', 'ignore', 'pipe'] });
  // However this process ends, the emulator ends with it (no orphan java).
  const killOnExit = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  let stopped = false;
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ? `signal ${signal}` : `exit code ${code}`)),
  );
  const endpoint = `http://127.0.0.1:${port}`;
  const client = dynamoClient(endpoint);
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`DynamoDB Local exited (${child.exitCode}): ${stderr.trim()}`);
    try {
      await client.send(new ListTablesCommand({}));
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`DynamoDB Local did not answer on ${endpoint} within 30 s: ${stderr.trim()}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  client.destroy();
  return {
    endpoint,
    pid: child.pid!,
    died: exited.then((how) =>
      stopped ? new Promise<never>(() => {}) : `${how}${stderr.trim() ? `: ${stderr.trim().slice(-500)}` : ''}`,
    ),
    async stop() {
      stopped = true;
      process.removeListener('exit', killOnExit);
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}

const keySchema = (partitionKey: string, sortKey: string) => [
  { AttributeName: partitionKey, KeyType: 'HASH' as const },
  { AttributeName: sortKey, KeyType: 'RANGE' as const },
];
const attributes = [
  TABLE_DEFINITION.partitionKey,
  TABLE_DEFINITION.sortKey,
  ...TABLE_DEFINITION.indexes.flatMap((i) => [i.partitionKey, i.sortKey]),
].map((name) => ({ AttributeName: name, AttributeType: 'S' as const }));
const indexDefinition = (index: (typeof TABLE_DEFINITION.indexes)[number]) => ({
  IndexName: index.name,
  KeySchema: keySchema(index.partitionKey, index.sortKey),
  Projection: { ProjectionType: 'ALL' as const },
});

/**
 * Creates the single table (as the CDK stack defines it) unless it exists; a table kept from an
 * earlier version gets the indexes it lacks and its stream. `stream: false` only for the bench's bulk
 * tables: DynamoDB Local's stream slows every write as it grows (not so on AWS), which would measure
 * the emulator rather than an operation.
 */
export async function ensureTable(endpoint: string, tableName: string, { stream = true } = {}): Promise<void> {
  const client = dynamoClient(endpoint);
  try {
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: attributes,
        KeySchema: keySchema(TABLE_DEFINITION.partitionKey, TABLE_DEFINITION.sortKey),
        GlobalSecondaryIndexes: TABLE_DEFINITION.indexes.map(indexDefinition),
        ...(stream
          ? { StreamSpecification: { StreamEnabled: true, StreamViewType: TABLE_DEFINITION.streamView } }
          : {}),
      }),
    );
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: TABLE_DEFINITION.timeToLiveAttribute, Enabled: true },
      }),
    );
  } catch (error) {
    if (!(error instanceof ResourceInUseException)) throw error;
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (stream && !Table?.StreamSpecification?.StreamEnabled) {
      await client.send(
        new UpdateTableCommand({
          TableName: tableName,
          StreamSpecification: { StreamEnabled: true, StreamViewType: TABLE_DEFINITION.streamView },
        }),
      );
    }
    const present = new Set((Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
    for (const index of TABLE_DEFINITION.indexes.filter((i) => !present.has(i.name))) {
      await client.send(
        new UpdateTableCommand({
          TableName: tableName,
          GlobalSecondaryIndexUpdates: [{ Create: indexDefinition(index) }],
          AttributeDefinitions: [index.partitionKey, index.sortKey].map((name) => ({
            AttributeName: name,
            AttributeType: 'S' as const,
          })),
        }),
      );
    }
  } finally {
    client.destroy();
  }
}

export interface S3Emulator extends Emulator {
  server: S3rver;
}

/**
 * Starts s3rver with the buckets. s3rver knows no S3 Object Lock: the records bucket keeps no object from
 * deletion locally (the lock's request parameters are tested; AWS enforces them).
 */
export async function startS3(options: {
  dir: string;
  buckets: readonly string[];
  port?: number;
}): Promise<S3Emulator> {
  const port = options.port ?? (await freePort());
  mkdirSync(options.dir, { recursive: true });
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    directory: options.dir,
    silent: true,
    configureBuckets: options.buckets.map((name) => ({ name, configs: [] })),
  });
  await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    server,
    async stop() {
      await server.close();
    },
  };
}
