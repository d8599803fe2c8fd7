/**
 * Whole-table operations in parallel segments (shared/operations/segments.ts), run through the state machine
 * definition the stack deploys (a Map in DISTRIBUTED mode, run by aws-local-stepfunctions): with 1 and with 8 segments
 * they read the same items and report the same, findings, sample and drift included, because a partition lies in one
 * segment and reports merge in any order.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTable, LOCAL_CREDENTIALS } from '../../infra/local/emulators';
import { createS3Client } from '../../shared/clients/s3';
import { batchPut } from '../../shared/data/batch';
import { containerItem } from '../../shared/data/container-items';
import { documentItem } from '../../shared/data/documents';
import { s3FileStorage } from '../../shared/data/files';
import { maintenanceItem } from '../../shared/data/maintenance';
import { keys } from '../../shared/data/table';
import { createContainer } from '../../shared/domain/container-rules';
import { newDocument } from '../../shared/domain/document';
import { createEntry } from '../../shared/domain/maintenance';
import { invalidRecords } from '../../shared/operations/invalid-records';
import { migrateMaintenanceLogEntries } from '../../shared/operations/migrations';
import { regenerateSequenceMemory } from '../../shared/operations/regenerate-sequence-memory';
import type { Operation } from '../../shared/operations/step';
import { documentClient, runtime } from '../support/api';
import { followTable } from '../support/changes';
import { runToEnd } from '../support/operations';

Object.assign(process.env, {
  AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
});
const db = documentClient();
const table = `ops-${randomUUID().slice(0, 8)}`;
const files = () => s3FileStorage(createS3Client(runtime().s3Endpoint), runtime().bucketName);
let changes: ReturnType<typeof followTable>;
afterAll(() => changes.stop());

beforeAll(async () => {
  await ensureTable(runtime().dynamodbEndpoint, table);
  changes = followTable(table);
  // 24 facilities of 8 clients: containers, documents, log entries; every fifth facility breaks a rule or two.
  const items: Record<string, unknown>[] = [];
  const clients = Array.from({ length: 8 }, () => randomUUID());
  for (let f = 0; f < 24; f++) {
    const tenant = { client: clients[f % 8]!, facility: randomUUID() };
    const at = new Date(Date.UTC(2026, 0, 1, f));
    for (let i = 0; i < 6; i++)
      items.push(containerItem(createContainer(tenant, randomUUID(), { Name: `Box ${i}` }, [], at)));
    for (let i = 0; i < 4; i++)
      items.push(
        documentItem(
          newDocument(tenant, randomUUID(), { Scope: 'DEVICE', ScopeReference: `d${i % 2}`, Filename: 'a.pdf' }, at),
        ),
      );
    for (let i = 0; i < 2; i++) {
      const entry = createEntry(
        tenant,
        randomUUID(),
        { IncidentTitle: 't', IncidentCause: 'c', IncidentDateStart: '2026-01-02 00:00:00' },
        'p',
        at,
      );
      items.push(maintenanceItem(entry));
    }
    if (f % 5 === 0) {
      items.push({ PK: keys.tenant(tenant), SK: `MYSTERY#${f}`, Type: 'Mystery' });
      items.push({
        ...containerItem(createContainer(tenant, randomUUID(), { Name: 'x' }, [], at)),
        Name: 'n'.repeat(200),
      });
    }
  }
  await batchPut(db, table, items);
  await changes.settled(60_000);
  // A counter gone wrong in one facility, and a log entry of the first log book in another.
  const [first, second] = [items[0]!, items[100]!];
  await db.send(
    new PutCommand({ TableName: table, Item: { PK: first.PK, SK: keys.documentCount('ALL'), Type: 'Counter', N: 99 } }),
  );
  await db.send(
    new PutCommand({
      TableName: table,
      Item: {
        PK: second.PK,
        SK: 'MLE#legacy',
        Type: 'MaintenanceLogEntry',
        Uuid: 'legacy',
        Title: 'Old',
        StartedAt: '2026-01-01T00:00:00Z',
      },
    }),
  );
}, 120_000);

/** Each operation's report in 8 segments, for the last test. */
const inEight = new Map<string, Record<string, any>>();

/** What a report says of the table: where its run put files, and what the run itself consumed, left out. */
const found = (result: Record<string, unknown>) => {
  const { run: _r, findings: _f, quarantine: _q, read: _read, written: _written, segments: _s, ...rest } = result;
  return rest;
};

describe('a whole-table operation in 1 and in 8 segments', () => {
  // regenerateSequenceMemory reads a page again when it holds more partitions than a step recomputes: its reads
  // follow the page boundaries, which the segments move.
  it.each([
    ['selectInvalidRecords', () => invalidRecords(db, table, files(), 'select'), false, true],
    ['regenerateSequenceMemory', () => regenerateSequenceMemory(db, table), true, false],
    ['migrateMaintenanceLogEntries', () => migrateMaintenanceLogEntries(db, table), true, true],
  ] as [string, () => Operation<unknown>, boolean, boolean][])(
    '%s reports the same',
    async (_n, make, dryRun, once) => {
      const one = await runToEnd(make(), { segments: 1, dryRun });
      const eight = await runToEnd(make(), { segments: 8, dryRun });
      inEight.set(_n, eight.result);
      expect(found(eight.result)).toEqual(found(one.result));
      if (once) expect(eight.result.read.items).toBe(one.result.read.items);
      // Every segment ran as a child of the Map and says what it read; the segments' reads are the run's, its own
      // steps' besides.
      expect(one.result.segments).toHaveLength(1);
      expect(eight.result.segments.map((s: { segment: number }) => s.segment)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      const segmentsRead = eight.result.segments.reduce(
        (sum: number, s: { read: { items: number } }) => sum + s.read.items,
        0,
      );
      expect(segmentsRead).toBeGreaterThan(0);
      expect(segmentsRead).toBeLessThanOrEqual(eight.result.read.items);
      expect(eight.result.segments.filter((s: { read: { items: number } }) => s.read.items > 0).length).toBeGreaterThan(
        4,
      );
    },
  );

  it('finds the invalid records, samples them in key order, and the drift, in 8 segments', async () => {
    const select = inEight.get('selectInvalidRecords')!;
    expect(select).toMatchObject({ invalid: 11 });
    expect(select.sample).toHaveLength(11);
    const sorted = [...select.sample].sort((a, b) => (`${a.PK}${a.SK}` < `${b.PK}${b.SK}` ? -1 : 1));
    expect(select.sample).toEqual(sorted);
    expect(inEight.get('regenerateSequenceMemory')).toMatchObject({
      partitions: 24,
      counters: { fixed: 1 },
      facilities: { checked: 24, fixed: 0 },
    });
    expect(inEight.get('migrateMaintenanceLogEntries')).toMatchObject({ changed: 1, skipped: 0 });
  });
});
