/**
 * regenerateSequenceMemory on DynamoDB Local, on a table of its own (it reads and rewrites every
 * partition, so it must not race the other test files).
 */
import { DeleteCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTable } from '../../infra/local/emulators';
import { dynamoDocumentStore } from '../../shared/data/documents';
import { dynamoMaintenanceStore } from '../../shared/data/maintenance';
import { keys } from '../../shared/data/table';
import { newDocument } from '../../shared/domain/document';
import { createEntry } from '../../shared/domain/maintenance';
import { regenerateSequenceMemory } from '../../shared/operations/regenerate-sequence-memory';
import { runStep } from '../../shared/operations/run-step';
import type { Operation, StepOptions, StepPayload } from '../../shared/operations/step';
import { runToEnd } from '../support/operations';
import { documentClient, runtime } from '../support/api';
import { followTable } from '../support/changes';

const table = `ops-${randomUUID().slice(0, 8)}`;
const db = documentClient();
const tenant = { client: randomUUID(), facility: randomUUID() };
const documents = () => dynamoDocumentStore(db, table);
let changes: ReturnType<typeof followTable>;

const run = (options: StepOptions = {}) => runToEnd(regenerateSequenceMemory(db, table), options);

async function setCounter(sk: string, n: number) {
  await db.send(
    new UpdateCommand({
      TableName: table,
      Key: { PK: keys.tenant(tenant), SK: sk },
      UpdateExpression: 'SET N = :n',
      ExpressionAttributeValues: { ':n': n },
    }),
  );
}

afterAll(() => changes.stop());

beforeAll(async () => {
  await ensureTable(runtime().dynamodbEndpoint, table);
  changes = followTable(table);
  for (let i = 0; i < 230; i++) {
    await documents().create(
      newDocument(
        tenant,
        randomUUID(),
        {
          Scope: i % 2 ? 'DEVICE' : 'RECORD',
          ScopeReference: `r${i % 3}`,
          Filename: 'a.pdf',
          State: i % 5 ? 'ACTIVE' : 'ARCHIVED',
        },
        new Date(Date.UTC(2025, 0, 1) + i * 60_000),
      ),
    );
  }
  const log = dynamoMaintenanceStore(db, table);
  for (let i = 0; i < 12; i++) {
    await log.create(
      createEntry(
        tenant,
        randomUUID(),
        { IncidentTitle: 't', IncidentCause: 'c', IncidentDateStart: '2026-01-01 00:00:00' },
        'p',
        new Date(),
      ),
      { sub: 'p', name: 'P' },
    );
  }
  await changes.settled();
});

/** Every counter and bucket of the table with its version (buckets) or count (counters). */
async function sequenceItems() {
  const { ScanCommand } = await import('@aws-sdk/lib-dynamodb');
  const out = await db.send(
    new ScanCommand({
      TableName: table,
      FilterExpression: '#type IN (:c, :b)',
      ExpressionAttributeNames: { '#type': 'Type' },
      ExpressionAttributeValues: { ':c': 'Counter', ':b': 'PageBucket' },
      ConsistentRead: true,
    }),
  );
  return Object.fromEntries((out.Items ?? []).map((i) => [`${i.PK} ${i.SK}`, i.Type === 'Counter' ? i.N : i.V]));
}

describe('regenerateSequenceMemory', () => {
  it('finds nothing to fix in memory kept by the writes themselves', async () => {
    const { result } = await run();
    expect(result).toMatchObject({
      partitions: 1,
      counters: { fixed: 0, drift: 0 },
      buckets: { fixed: 0 },
      dryRun: false,
    });
  });

  it('repairs corrupted counters and buckets and reports the drift; the counts are exact again', async () => {
    await setCounter('COUNT#DOCUMENT#SCOPE#DEVICE', 999);
    await setCounter('COUNT#DOCUMENT#REF#RECORD#r0#STATE#ACTIVE', 0);
    await setCounter(keys.maintenanceCount, 3);
    const buckets = await db.send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        ExpressionAttributeValues: { ':pk': keys.tenant(tenant), ':p': keys.documentPagesPrefix('ALL') },
      }),
    );
    await db.send(new DeleteCommand({ TableName: table, Key: { PK: keys.tenant(tenant), SK: buckets.Items![1]!.SK } }));
    expect(await documents().count(tenant, { kind: 'all' })).toBe(130);

    const dry = await run({ dryRun: true });
    expect(dry.result).toMatchObject({
      counters: { fixed: 3, drift: 999 - 115 + 31 + 9 },
      buckets: { fixed: 1 },
      dryRun: true,
    });
    expect(await documents().count(tenant, { kind: 'scope', scope: 'DEVICE' })).toBe(999);

    const { result } = await run();
    expect(result).toMatchObject({ counters: { fixed: 3, drift: 999 - 115 + 31 + 9 }, buckets: { fixed: 1 } });
    expect(await documents().count(tenant, { kind: 'scope', scope: 'DEVICE' })).toBe(115);
    expect(
      await documents().count(tenant, { kind: 'reference', scope: 'RECORD', reference: 'r0', state: 'ACTIVE' }),
    ).toBe(31);
    expect(await documents().count(tenant, { kind: 'all' })).toBe(230);
    expect(await dynamoMaintenanceStore(db, table).countTenant(tenant)).toBe(12);
    const page3 = await documents().page(tenant, { kind: 'all' }, 200, 100);
    expect(page3.items).toHaveLength(30);

    expect((await run()).result).toMatchObject({ counters: { fixed: 0 }, buckets: { fixed: 0 } });
  });

  it('resumes a segment after a failure from the last state it reached (as a redrive of its Map Run)', async () => {
    await setCounter('COUNT#DOCUMENT#SCOPE#RECORD', 1);
    // The segment's first step completes; its second fails on its first request.
    let failNow = false;
    const failing = new Proxy(db, {
      get(target, prop) {
        if (prop !== 'send') return Reflect.get(target, prop);
        return (command: Parameters<DynamoDBDocumentClient['send']>[0]) =>
          failNow
            ? Promise.reject(Object.assign(new Error('injected'), { name: 'InternalServerError' }))
            : target.send(command as never);
      },
    });
    const op = regenerateSequenceMemory(failing, table);
    const planned = await runStep(op, { segments: 1 });
    let segment = planned.fanOut!.segments[0] as StepPayload;
    segment = await runStep(op, segment);
    failNow = true;
    await expect(runStep(op, segment)).rejects.toThrow('injected');
    failNow = false;
    while (!segment.done) segment = await runStep(op, segment);
    let parent = await runStep(op, { ...planned, fanOut: { segments: planned.fanOut!.segments, results: [segment] } });
    while (!parent.done) parent = await runStep(op, parent);
    expect(parent.result).toMatchObject({ counters: { fixed: 1, drift: 114 } });
    expect(await documents().count(tenant, { kind: 'scope', scope: 'RECORD' })).toBe(115);
  });

  it(
    'recomputes every partition when a scan page holds more of them than a step does, with a state that does not ' +
      'grow',
    async () => {
      const tenants = Array.from({ length: 12 }, () => ({ client: randomUUID(), facility: randomUUID() }));
      for (const t of tenants) {
        await documents().create(
          newDocument(t, randomUUID(), { Scope: 'GENERATOR', ScopeReference: 'g', Filename: 'a.pdf' }, new Date()),
        );
      }
      await changes.settled();
      for (const t of tenants) {
        await db.send(
          new UpdateCommand({
            TableName: table,
            Key: { PK: keys.tenant(t), SK: 'COUNT#DOCUMENT#SCOPE#GENERATOR' },
            UpdateExpression: 'SET N = :n',
            ExpressionAttributeValues: { ':n': 7 },
          }),
        );
      }
      const op = regenerateSequenceMemory(db, table);
      let biggest = 0;
      const probe: Operation<unknown> = {
        ...(op as Operation<unknown>),
        step: async (state, event) => {
          const r = await op.step(state as never, event as never);
          biggest = Math.max(biggest, JSON.stringify(r.state).length);
          return r;
        },
      };
      const { result } = await runToEnd(probe);
      expect(result).toMatchObject({ partitions: 13, counters: { fixed: 12, drift: 12 * 6 } });
      for (const t of tenants) expect(await documents().count(t, { kind: 'scope', scope: 'GENERATOR' })).toBe(1);
      expect(biggest).toBeLessThan(2000);
    },
  );

  // About 230 writes one after the other, the stream settled, a run: 5 to 25 s while other suites share the cores.
  it('reports no drift after normal use (creates, state changes, renames, moved dates), writes nothing', async () => {
    const t = { client: randomUUID(), facility: randomUUID() };
    const store = documents();
    const made = [];
    for (let i = 0; i < 130; i++) {
      const record = newDocument(
        t,
        randomUUID(),
        { Scope: 'DEVICE', ScopeReference: `d${i % 4}`, Filename: `f${i}.pdf` },
        new Date(Date.UTC(2025, 5, 1) + i * 1000),
      );
      await store.create(record);
      made.push(record);
    }
    for (const r of made.slice(0, 40)) await store.update(r, { ...r, State: 'ARCHIVED', Version: r.Version + 1 });
    for (const r of made.slice(40, 60))
      await store.update(r, { ...r, Filename: 'renamed.pdf', Version: r.Version + 1 });
    for (const r of made.slice(60, 70))
      await store.update(r, { ...r, Scope: 'GENERATOR', ScopeReference: 'g1', Version: r.Version + 1 });
    const log = dynamoMaintenanceStore(db, table);
    for (let i = 0; i < 15; i++) {
      const entry = createEntry(
        t,
        randomUUID(),
        { IncidentTitle: 't', IncidentCause: 'c', IncidentDateStart: `2026-02-0${1 + (i % 9)} 00:00:00` },
        'p',
        new Date(),
      );
      await log.create(entry, { sub: 'p', name: 'P' });
      if (i % 3 === 0)
        await log.update(
          entry,
          { ...entry, IncidentDateStart: '2024-01-01 00:00:00', Version: entry.Version + 1 },
          { sub: 'p', name: 'P' },
        );
    }
    await changes.settled();
    const before = await sequenceItems();
    const { result } = await run();
    expect(result).toMatchObject({ counters: { fixed: 0, drift: 0 }, buckets: { fixed: 0 } });
    expect(await sequenceItems()).toEqual(before);
  }, 90_000);
});
