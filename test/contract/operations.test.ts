/**
 * The /service routes over HTTP: operator access, an execution that runs its state machine to the end
 * on the local Step Functions endpoint, and its status (GET /service/executions/{executionId}).
 */
import { DescribeExecutionCommand, SFNClient } from '@aws-sdk/client-sfn';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { LOCAL_CREDENTIALS } from '../../infra/local/emulators';
import {
  call,
  containerPath,
  createDocument,
  errorOf,
  eventually,
  newTenant,
  runtime,
  s3Client,
  token,
} from '../support/api';

const START = '/service/regenerate-sequence-memory';
const execFileAsync = promisify(execFile);

describe('maintenance operations', () => {
  it('need a token with role operator: 401 without one, 403 without the role', async () => {
    expect(errorOf(await call('GET', START)).Message).toBe('auth.token_missing');
    const forbidden = await call('GET', START, {
      token: token({ clients: ['c'], facilities: ['f'], roles: ['rpo', 'reporter'] }),
    });
    expect([forbidden.status, errorOf(forbidden).Message]).toEqual([403, 'auth.role_required']);
  });

  it('start an execution that runs to its end and keeps the report (a dry run: it changes nothing)', async () => {
    await createDocument(newTenant(), { Scope: 'DEVICE', ScopeReference: 'd-1', Filename: 'a.pdf' });
    const started = await call('GET', `${START}?dryRun=true&segments=4`, { token: token({ roles: ['operator'] }) });
    expect(started.status, started.text).toBe(200);
    const sfn = new SFNClient({
      endpoint: runtime().stepFunctionsEndpoint,
      region: runtime().region,
      credentials: LOCAL_CREDENTIALS,
    });
    const finished = await eventually(async () => {
      const execution = await sfn.send(new DescribeExecutionCommand({ executionArn: started.body.ExecutionArn }));
      return execution.status === 'RUNNING' ? undefined : execution;
    }, 60_000);
    expect(finished.status).toBe('SUCCEEDED');
    const output = JSON.parse(finished.output!);
    expect(output).toMatchObject({
      done: true,
      dryRun: true,
      result: {
        dryRun: true,
        partitions: expect.any(Number),
        counters: expect.any(Object),
        buckets: expect.any(Object),
      },
    });
    expect(output.result.partitions).toBeGreaterThan(0);
  }, 90_000);

  it("answer an execution's status: running or ended, its times, its last progress and its report", async () => {
    const operator = token({ roles: ['operator'] });
    // The runtime's table holds every contract test's tenants: four segments side by side read it sooner.
    const started = await call('GET', `${START}?dryRun=true&segments=4`, { token: operator });
    const path = `/service/executions/${started.body.ExecutionId}`;
    const first = await call('GET', path, { token: operator });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({
      Operation: 'regenerateSequenceMemory',
      ExecutionId: started.body.ExecutionId,
      ExecutionArn: started.body.ExecutionArn,
      StartedAt: started.body.StartedAt,
    });
    const ended = await eventually(async () => {
      const r = await call('GET', path, { token: operator, headers: { 'accept-language': 'de' } });
      return r.body.Status === 'RUNNING' ? undefined : r;
    }, 60_000);
    const usage = { Items: expect.any(Number), CapacityUnits: expect.any(Number) };
    expect(ended.body).toMatchObject({
      Status: 'SUCCEEDED',
      StoppedAt: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      Progress: { Phase: expect.any(String), Processed: expect.any(Number), Read: usage, Written: usage },
      Result: {
        dryRun: true,
        partitions: expect.any(Number),
        read: { items: expect.any(Number), capacityUnits: expect.any(Number) },
        written: { items: 0, capacityUnits: 0 },
        segments: [0, 1, 2, 3].map((segment) => expect.objectContaining({ segment })),
      },
      Error: null,
      Notifications: [
        expect.objectContaining({
          Type: 'Info',
          Message: 'operation.status',
          LocalizedMessage: expect.stringContaining('SUCCEEDED'),
        }),
      ],
    });
  }, 90_000);

  it('take ?segments= for a whole-table operation: the scan runs in that many segments, each reported', async () => {
    const operator = token({ roles: ['operator'] });
    const started = await call('GET', '/service/select-invalid-records?dryRun=true&segments=3', { token: operator });
    expect(started.status, started.text).toBe(200);
    const ended = await eventually(async () => {
      const r = await call('GET', `/service/executions/${started.body.ExecutionId}`, { token: operator });
      return r.body.Status === 'RUNNING' ? undefined : r;
    }, 60_000);
    expect(ended.body.Status).toBe('SUCCEEDED');
    expect(ended.body.Result.segments.map((s: { segment: number }) => s.segment)).toEqual([0, 1, 2]);
    for (const segments of ['0', '1001', 'two', '1.5', '']) {
      const refused = await call('GET', `/service/select-invalid-records?segments=${segments}`, { token: operator });
      expect([refused.status, errorOf(refused).Details], segments).toEqual([
        400,
        ['segments: must be a whole number from 1 to 1000'],
      ]);
    }
    // A client's operation reads that client only: it has no segments to choose.
    const client = newTenant().client;
    const export_ = await call('GET', `/service/export-records/${client}?segments=2`, { token: operator });
    expect([export_.status, errorOf(export_).Message]).toEqual([400, 'request.invalid']);
  }, 90_000);

  it('answer a failed execution with its error, and 404 for an execution that does not exist', async () => {
    const operator = token({ roles: ['operator'] });
    const client = newTenant().client;
    // An import from a folder that holds no export: its first step fails, which no retry mends.
    const started = await call('GET', `/service/import-records/${client}?from=exports/${client}/none/`, {
      token: operator,
    });
    expect(started.status, started.text).toBe(200);
    const ended = await eventually(async () => {
      const r = await call('GET', `/service/executions/${started.body.ExecutionId}`, { token: operator });
      return r.body.Status === 'RUNNING' ? undefined : r;
    }, 60_000);
    expect(ended.body).toMatchObject({
      Status: 'FAILED',
      Result: null,
      Progress: null,
      Error: { Error: 'Error', Cause: expect.stringContaining('no manifest') },
    });
    for (const id of [
      'regenerate-sequence-memory-5b7e2a90-1c44-4b8e-a3f1-6d2c9e8f7a10',
      'no-such-operation-5b7e2a90-1c44-4b8e-a3f1-6d2c9e8f7a10',
    ]) {
      const missing = await call('GET', `/service/executions/${id}`, { token: operator });
      expect([missing.status, errorOf(missing).Message]).toEqual([404, 'operation.execution_not_found']);
    }
  });

  it('an import started as a dry run writes nothing: a container deleted after the export stays deleted', async () => {
    const t = newTenant();
    const box = (await call('POST', containerPath(t), { token: t.token, body: { Name: 'Box' } })).body.ContainerModel;
    for (const ContentId of ['p-1', 'p-2'])
      await call('POST', `${containerPath(t, box.Uuid)}/contents`, {
        token: t.token,
        body: { Kind: 'CYCLOTRON_PRODUCT', ContentId, Nuclide: 'F-18' },
      });
    const folder = mkdtempSync(path.join(os.tmpdir(), 'nm-export-'));
    try {
      const exported = await ops('export-records', t.client, '--out', folder);
      expect(exported.result.counts.containers, JSON.stringify(exported)).toBe(1);
      expect((await call('DELETE', containerPath(t, box.Uuid), { token: t.token })).status).toBe(200);

      const dry = await ops('import-records', t.client, '--from', folder, '--dry-run');
      expect((await call('GET', containerPath(t, box.Uuid), { token: t.token })).status).toBe(404);
      // It says what a real run would do: the container, its two links and its audit entries back.
      expect(dry.result).toMatchObject({ dryRun: true, rejected: 0 });
      expect(dry.result.imported).toBeGreaterThanOrEqual(3);
      // Not even the CLI's own upload of the folder is left in the bucket.
      const left = await s3Client().send(
        new ListObjectsV2Command({ Bucket: runtime().bucketName, Prefix: `imports/${t.client}/` }),
      );
      expect(left.KeyCount ?? 0).toBe(0);

      const real = await ops('import-records', t.client, '--from', folder);
      expect(real.result.imported).toBe(dry.result.imported);
      const back = await call('GET', `${containerPath(t, box.Uuid)}/contents`, { token: t.token });
      expect(back.body.ContainerContentModelCollection).toHaveLength(2);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuse an execution id that no start route answers (pattern, at most 80 characters) before asking', async () => {
    const operator = token({ roles: ['operator'] });
    const uuid = '5b7e2a90-1c44-4b8e-a3f1-6d2c9e8f7a10';
    for (const id of ['x', `export-records-${uuid.toUpperCase()}`, `${'export-records-'.repeat(3)}${uuid}`]) {
      const refused = await call('GET', `/service/executions/${id}`, { token: operator });
      expect([refused.status, errorOf(refused).Message], id).toEqual([400, 'request.invalid']);
      expect(errorOf(refused).Details, id).toEqual([expect.stringMatching(/^executionId: must be an execution id/)]);
    }
  });
});

/**
 * `npm run ops`, against the test run's runtime: its JSON result. Run asynchronously: a test blocked for seconds would
 * find its idle keep-alive connections closed by the runtime meanwhile.
 */
async function ops(...args: string[]) {
  const { stdout } = await execFileAsync(process.execPath, ['--import', 'tsx', 'infra/local/ops.ts', ...args], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    encoding: 'utf8',
    env: { ...process.env, LOCAL_DIR: inject('localDir') },
  });
  return JSON.parse(stdout);
}
