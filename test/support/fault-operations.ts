/**
 * The maintenance operations of the fault matrix (test/support/fault-writes.ts lists them with the writes): an export
 * part and an import chunk of a small client, each step's calls failed in turn (each kind of call once: a step makes
 * the same call for each range of the client's partitions), the execution let run with its state machine's retries,
 * and started again if it failed all the same.
 */
import { DescribeExecutionCommand, type DescribeExecutionCommandOutput } from '@aws-sdk/client-sfn';
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { s3FileStorage } from '../../shared/data/files';
import { isBookkeeping, keys } from '../../shared/data/table';
import { readClientItems } from '../../shared/operations/client-items';
import { readManifest, sha256 } from '../../shared/operations/export-format';
import {
  call,
  containerPath,
  createDocument,
  documentClient,
  eventually,
  runtime,
  s3Client,
  token,
  upload,
} from './api';
import { localSfn } from './executions';
import type { Answer, MatrixWrite, Tenant } from './fault-matrix';

const operator = () => token({ roles: ['operator'] });

/** Starts an operation of the client and answers how its execution ended: 200 succeeded, 503 failed (start again). */
async function execution(path: string): Promise<Answer> {
  const started = await call('GET', path, { token: operator() });
  if (started.status !== 200) return { status: started.status, body: started.body };
  let ended: DescribeExecutionCommandOutput;
  do {
    await new Promise((resolve) => setTimeout(resolve, 200));
    ended = await localSfn().send(new DescribeExecutionCommand({ executionArn: started.body.ExecutionArn }));
  } while (ended.status === 'RUNNING');
  const output = ended.output ? JSON.parse(ended.output) : undefined;
  return { status: ended.status === 'SUCCEEDED' ? 200 : 503, body: output, retryAfter: 'start again' };
}

/** The client's records in the table (what an export holds), by key, with their time. */
async function clientRecords(client: string): Promise<Map<string, unknown>> {
  const records = new Map<string, unknown>();
  let position: Parameters<typeof readClientItems>[3];
  do {
    const page = await readClientItems(documentClient(), runtime().tableName, client, position);
    for (const item of page.items)
      if (!isBookkeeping(item)) records.set(`${item.PK}|${item.SK}`, item.UpdatedAt ?? null);
    position = page.next;
  } while (position);
  return records;
}

/** A small client: a container and a document with its file, recorded on it (the file event came). */
async function smallClient(t: Tenant) {
  await call('POST', containerPath(t), { token: t.token, body: { Name: 'Box 7', Weight: 1000 } });
  const document = await createDocument(t, { Scope: 'DEVICE', ScopeReference: 'dev-1', Filename: 'a.pdf' });
  await upload(document.Upload, new Uint8Array(512), 'a.pdf');
  const Key = { PK: keys.tenant(t), SK: keys.document(document.DocumentModel.Uuid as string) };
  await eventually(async () => {
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: runtime().tableName, Key, ConsistentRead: true }),
    );
    return Item?.File ? true : undefined;
  });
  // Found by the export once the stream entered the facility in its client's index: the directory's person, the
  // container and its audit line, the document.
  await eventually(async () => ((await clientRecords(t.client)).size >= 4 ? true : undefined));
}

/** The export at `location` holds the client's records exactly, each part whole. */
async function exportHolds(location: string, expected: Map<string, unknown>): Promise<string[]> {
  const files = s3FileStorage(s3Client(), runtime().bucketName);
  const manifest = await readManifest(files, location);
  const lines = new Map<string, unknown>();
  for (const part of manifest.parts) {
    const body = await files.read(`${location}${part.path}`);
    if (!body || sha256(body) !== part.sha256) return [`part ${part.path} not whole`];
    if (part.kind === 'records-bucket') continue;
    for (const line of new TextDecoder().decode(body).split('\n').filter(Boolean)) {
      const item = JSON.parse(line) as Record<string, unknown>;
      lines.set(`${item.PK}|${item.SK}`, item.UpdatedAt ?? null);
    }
  }
  const same =
    lines.size === expected.size && [...expected].every(([key, at]) => lines.has(key) && lines.get(key) === at);
  return same ? [] : [`export holds ${lines.size} records, the client ${expected.size}`];
}

const exportPart: MatrixWrite = {
  name: 'export part',
  fn: 'step:exportRecords',
  calls: 'each kind',
  prepare: smallClient,
  attempt: (t) => execution(`/service/export-records/${t.client}`),
  async check(t, _c, answers) {
    const location = answers.at(-1)?.body?.result?.location as string | undefined;
    return location ? exportHolds(location, await clientRecords(t.client)) : ['no export'];
  },
};

const importChunk: MatrixWrite<{ records: Map<string, unknown>; from: string }> = {
  name: 'import chunk',
  fn: 'step:importRecords',
  calls: 'each kind',
  async prepare(t) {
    await smallClient(t);
    const exported = await execution(`/service/export-records/${t.client}`);
    // What the export holds, read after it: a change the stream made before it ran (a file's information) is in both.
    const records = await clientRecords(t.client);
    // The client's records gone from the table: the import puts them back.
    for (const key of records.keys()) {
      const [PK, SK] = key.split('|');
      await documentClient().send(new DeleteCommand({ TableName: runtime().tableName, Key: { PK, SK } }));
    }
    return { records, from: exported.body.result.location as string };
  },
  attempt: (t, { from }) => execution(`/service/import-records/${t.client}?from=${encodeURIComponent(from)}`),
  async check(t, { records }) {
    const restored = await clientRecords(t.client);
    // The same records, by key: a version may move on meanwhile, as a background function of the client's (its file
    // event, the stream) may meet the cell's fault too (the scope is the client's) and run again, writing once more.
    const same = restored.size === records.size && [...records.keys()].every((key) => restored.has(key));
    return same ? [] : [`table holds ${restored.size} of the client's records, the export ${records.size}`];
  },
};

export const OPERATION_WRITES: readonly MatrixWrite[] = [exportPart, importChunk];
