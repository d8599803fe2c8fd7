/**
 * Issue 19, deliver 2: a dry run of every maintenance operation writes nothing. Each operation gets a table and a
 * bucket of its own, holding what a real run would change (records and a file, the older stored shapes, a wrong
 * counter, invalid records, register lines to rebuild, for import an export and records deleted since); both are
 * compared item by item and object by object before and after the dry run. A real run then does what the dry run
 * said it would.
 */
import { CreateBucketCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { DeleteCommand, PutCommand, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureTable, LOCAL_CREDENTIALS } from '../../infra/local/emulators';
import { createS3Client } from '../../shared/clients/s3';
import { dynamoContainerStore } from '../../shared/data/containers';
import { dynamoDocumentStore } from '../../shared/data/documents';
import { s3FileStorage } from '../../shared/data/files';
import { dynamoMaintenanceStore } from '../../shared/data/maintenance';
import { keys } from '../../shared/data/table';
import { enterFacility } from '../../shared/data/facilities';
import { clientFilesPrefix, facilityFilesPrefix } from '../../shared/domain/document';
import { createContainer } from '../../shared/domain/container-rules';
import { documentWithFile } from '../support/seed';
import { createEntry } from '../../shared/domain/maintenance';
import { invalidRecords } from '../../shared/operations/invalid-records';
import {
  migrateMaintenanceLogEntries,
  migrateProbeIdentifier,
  migrateReleaseTypes,
  migrateResponsivenessData,
} from '../../shared/operations/migrations';
import { regenerateSequenceMemory } from '../../shared/operations/regenerate-sequence-memory';
import type { Operation, StepOptions } from '../../shared/operations/step';
import { exportRecords } from '../../shared/operations/export-records';
import { importRecords } from '../../shared/operations/import-records';
import { rebuildReleaseRegister } from '../../shared/operations/rebuild-release-register';
import { releaseEntryItem } from '../../shared/data/releases';
import { canonicalLine, chainLine, registerLineKey } from '../../shared/domain/register-chain';
import { runOperation } from '../../infra/local/executions';
import { operations } from '../../shared/routes/operations';
import { documentClient, runtime } from '../support/api';

Object.assign(process.env, {
  AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
});
const db = documentClient();
const s3 = createS3Client(runtime().s3Endpoint);
const write = { actor: { sub: 'p-1', name: 'Pat' }, at: '2026-01-01 00:00:00', requestId: 'r' };

interface Place {
  table: string;
  bucket: string;
  /** The release records bucket (export and import carry the client's records in it). */
  records: string;
  client: string;
  /** rebuildReleaseRegister: the facility it rebuilds. */
  facility: string;
  /** importRecords: the export it reads. */
  from?: string;
}

/** Each operation as its step function builds it (functions/operations/*.ts), on a table and bucket of the test's. */
const operationOn: Record<string, (place: Place) => Operation<unknown>> = {
  exportRecords: (p) =>
    exportRecords({
      db,
      tableName: p.table,
      s3,
      bucket: p.bucket,
      files: s3FileStorage(s3, p.bucket),
      records: s3FileStorage(s3, p.records),
    }) as Operation<unknown>,
  importRecords: (p) =>
    importRecords({
      db,
      tableName: p.table,
      s3,
      bucket: p.bucket,
      files: s3FileStorage(s3, p.bucket),
      records: s3FileStorage(s3, p.records),
    }) as Operation<unknown>,
  migrateMaintenanceLogEntries: (p) => migrateMaintenanceLogEntries(db, p.table) as Operation<unknown>,
  regenerateSequenceMemory: (p) => regenerateSequenceMemory(db, p.table) as Operation<unknown>,
  selectInvalidRecords: (p) => invalidRecords(db, p.table, s3FileStorage(s3, p.bucket), 'select') as Operation<unknown>,
  removeInvalidRecords: (p) => invalidRecords(db, p.table, s3FileStorage(s3, p.bucket), 'remove') as Operation<unknown>,
  migrateResponsivenessData: (p) => migrateResponsivenessData(db, p.table) as Operation<unknown>,
  migrateProbeIdentifier: (p) => migrateProbeIdentifier(db, p.table) as Operation<unknown>,
  migrateReleaseTypes: (p) => migrateReleaseTypes(db, p.table) as Operation<unknown>,
  rebuildReleaseRegister: (p) =>
    rebuildReleaseRegister(db, p.table, s3FileStorage(s3, p.records), 'GOVERNANCE') as Operation<unknown>,
};

async function run(name: string, place: Place, dryRun: boolean): Promise<Record<string, unknown>> {
  const op = operationOn[name]!(place);
  const options: StepOptions = {
    client: place.client,
    facility: place.facility,
    dryRun,
    ...(place.from ? { inputs: { from: place.from } } : {}),
  };
  const { output } = await runOperation(op, options);
  return output.result as Record<string, unknown>;
}

/** Everything in the table (item by item, in key order) and the buckets (each object's key and SHA-256). */
async function contents(place: Place): Promise<{ items: string[]; objects: string[] }> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new ScanCommand({ TableName: place.table, ConsistentRead: true, ExclusiveStartKey }));
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  const objects: string[] = [];
  for (const bucket of [place.bucket, place.records]) {
    let ContinuationToken: string | undefined;
    const files = s3FileStorage(s3, bucket);
    do {
      const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken }));
      for (const { Key } of page.Contents ?? [])
        objects.push(
          `${bucket}/${Key} ${createHash('sha256')
            .update((await files.read(Key!))!)
            .digest('hex')}`,
        );
      ContinuationToken = page.NextContinuationToken;
    } while (ContinuationToken);
  }
  return {
    items: items.map((item) => JSON.stringify(item)).sort(),
    objects: objects.sort(),
  };
}

/**
 * A table and buckets with something for every operation to do: a container with a content, documents (one with a
 * file), log entries, a release record in the records bucket, register lines to rebuild, the older stored shapes
 * (test/fixtures/legacy/), a counter that is wrong and invalid records. The facility is entered in the facility index
 * as the stream writer enters it (this table has no stream follower: nothing but the operations writes it).
 */
async function seeded(): Promise<Place & { pk: string; container: string }> {
  const place = {
    table: `dry-${randomUUID().slice(0, 8)}`,
    bucket: `dry-${randomUUID().slice(0, 8)}`,
    records: `dry-records-${randomUUID().slice(0, 8)}`,
    client: '',
    facility: '',
  };
  await ensureTable(runtime().dynamodbEndpoint, place.table);
  for (const bucket of [place.bucket, place.records]) await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  const tenant = { client: randomUUID(), facility: randomUUID() };
  Object.assign(place, tenant);
  await enterFacility(db, place.table, tenant);
  await registerToRebuild(place, tenant);
  const record = new TextEncoder().encode('%PDF-1.7 a release record');
  await s3FileStorage(s3, place.records).keep(
    `${facilityFilesPrefix(tenant.client, tenant.facility)}r-1`,
    record,
    'application/pdf',
    {
      mode: 'GOVERNANCE',
      until: new Date('2056-01-01T00:00:00Z'),
      sha256: createHash('sha256').update(record).digest('hex'),
    },
  );
  const containers = dynamoContainerStore(db, place.table);
  const box = createContainer(tenant, randomUUID(), { Name: 'Box' }, [], new Date('2026-01-01T00:00:00Z'));
  await containers.create(box, [], write);
  await containers.link(tenant, box.Uuid, { kind: 'CYCLOTRON_PRODUCT', id: 'prod-1', nuclide: 'F-18' });
  const documents = dynamoDocumentStore(db, place.table);
  await documentWithFile(documents, s3, place.bucket, tenant, new TextEncoder().encode('scan'));
  await dynamoMaintenanceStore(db, place.table).create(
    createEntry(
      tenant,
      randomUUID(),
      { IncidentTitle: 'Incident', IncidentCause: 'c', IncidentDateStart: '2026-01-01 08:00:00' },
      'p-1',
      new Date(),
    ),
    { sub: 'p-1', name: 'Pat' },
  );
  for (const file of [
    'maintenance-log-entries-v0',
    'probes-responsiveness-v0',
    'probes-by-device-v0',
    'clearance-notices-v0',
  ]) {
    const text = readFileSync(path.join(import.meta.dirname, '../fixtures/legacy', `${file}.jsonl`), 'utf8')
      .replaceAll('{{client}}', tenant.client)
      .replaceAll('{{facility}}', tenant.facility);
    for (const line of text.split('\n').filter(Boolean))
      await db.send(new PutCommand({ TableName: place.table, Item: JSON.parse(line) }));
  }
  const pk = keys.tenant(tenant);
  await db.send(
    new PutCommand({ TableName: place.table, Item: { PK: pk, SK: keys.documentCount('ALL'), Type: 'Counter', N: 99 } }),
  );
  await db.send(new PutCommand({ TableName: place.table, Item: { PK: pk, SK: 'MYSTERY#1', Type: 'Mystery' } }));
  return { ...place, pk, container: box.Uuid };
}

/**
 * For rebuildReleaseRegister: two chained register lines, the first only as its locked object, the second only in the
 * table.
 */
async function registerToRebuild(place: Place, tenant: { client: string; facility: string }) {
  const row = (n: number) => ({
    ContainerUuid: randomUUID(),
    Name: `Box ${n}`,
    ReleasedAt: `2026-01-0${n} 10:00:00`,
    ReleasedBy: 'p-1',
    ReleasedByName: 'Pat',
    Weight: 10_000,
    WasteForm: 'SOLID' as const,
    SumOfRatios: 0.001,
    Nuclides: [{ Nuclide: 'F-18', SpecificActivityBqPerG: 1e-7, ValueUsedBqPerG: 0.002, BelowDecisionThreshold: true }],
    MeasurementMethod: 'GROSS_ACTIVITY_PER_MASS' as const,
    InstrumentSerialNumber: 'SN-1',
    DecisionMeasurementAt: `2026-01-0${n} 09:00:00`,
    ReleaseType: 'UNRESTRICTED' as const,
    ClearanceNoticeUuid: randomUUID(),
    ClearanceNoticeFileNumber: 'RP-1',
    Justification: null,
    RecordDocumentUuid: randomUUID(),
  });
  const first = chainLine(row(1), null, 'a'.repeat(64));
  const second = chainLine(row(2), first.LineSha256, 'b'.repeat(64));
  const bytes = new TextEncoder().encode(canonicalLine(first));
  await s3FileStorage(s3, place.records).keep(registerLineKey(tenant, first), bytes, 'application/json', {
    mode: 'GOVERNANCE',
    until: new Date('2056-01-01T00:00:00Z'),
    sha256: createHash('sha256').update(bytes).digest('hex'),
  });
  await db.send(new PutCommand({ TableName: place.table, Item: releaseEntryItem(tenant, second) }));
}

/**
 * For importRecords: an export of the client (a real run), then the container and its links deleted, and the release
 * record (locally it can be: s3rver knows no lock).
 */
async function exportedThenDeleted(place: Place & { pk: string; container: string }): Promise<Place> {
  const exported = await run('exportRecords', place, false);
  const own = await db.send(
    new QueryCommand({
      TableName: place.table,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': place.pk },
    }),
  );
  for (const item of own.Items ?? [])
    if (String(item.SK).includes(place.container))
      await db.send(new DeleteCommand({ TableName: place.table, Key: { PK: item.PK, SK: item.SK } }));
  const client = place.pk.split('#')[1]!;
  const kept = await s3FileStorage(s3, place.records).list(clientFilesPrefix(client), { limit: 10 });
  for (const key of kept.keys) await s3FileStorage(s3, place.records).remove(key);
  return { ...place, from: exported.location as string };
}

/**
 * What a report says beyond where its run put things (which a dry run does not have) and what the run itself read and
 * wrote (a dry run writes nothing).
 */
const said = (result: Record<string, unknown>) => {
  const {
    dryRun: _d,
    location: _l,
    run: _r,
    quarantine: _q,
    findings: _f,
    read: _read,
    written: _written,
    segments: _segments,
    ...rest
  } = result;
  return rest;
};

describe('a dry run writes nothing', () => {
  it('covers every operation of the route table', () => {
    expect(Object.keys(operationOn).sort()).toEqual(operations.map((o) => o.name).sort());
  });

  it.each(operations.map((o) => o.name))('%s: the table and the bucket stay as they were', async (name) => {
    const base = await seeded();
    const place = name === 'importRecords' ? await exportedThenDeleted(base) : base;
    const before = await contents(place);

    const dry = await run(name, place, true);
    expect(dry.dryRun).toBe(true);
    expect(dry.written).toEqual({ items: 0, capacityUnits: 0 });
    const after = await contents(place);
    expect(after.items).toEqual(before.items);
    expect(after.objects).toEqual(before.objects);

    // What it said is what a real run does, and a real run does change something here.
    const real = await run(name, place, false);
    expect(real.dryRun).toBe(false);
    expect(said(real)).toEqual(said(dry));
    expect(await contents(place)).not.toEqual(before);
  });
});
