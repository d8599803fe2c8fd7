/**
 * importRecords (shared/operations/import-records.ts) of what exportRecords wrote, into a fresh table and bucket: the
 * same records and files come back; importing twice changes nothing; a tampered export is refused; invalid records
 * are rejected.
 */
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTable, LOCAL_CREDENTIALS } from '../../infra/local/emulators';
import { createS3Client } from '../../shared/clients/s3';
import { dynamoContainerStore } from '../../shared/data/containers';
import { dynamoDocumentStore } from '../../shared/data/documents';
import { s3FileStorage } from '../../shared/data/files';
import { dynamoMaintenanceStore } from '../../shared/data/maintenance';
import { createContainer, updateContainer } from '../../shared/domain/container-rules';
import { newDocument } from '../../shared/domain/document';
import { documentWithFile } from '../support/seed';
import { createEntry } from '../../shared/domain/maintenance';
import { type Manifest, RECORDS_BUCKET_KIND } from '../../shared/operations/export-format';
import { exportRecords } from '../../shared/operations/export-records';
import { importRecords } from '../../shared/operations/import-records';
import { isBookkeeping } from '../../shared/data/table';
import { dynamoLicenceStore } from '../../shared/data/licences';
import { dynamoMaterialStore } from '../../shared/data/material';
import { dynamoMaterialBook } from '../../shared/data/material-book';
import { canonicalLine, lineKey } from '../../shared/domain/chain';
import { createLicence } from '../../shared/domain/licence';
import type { MaterialItem } from '../../shared/domain/material';
import { chainBookLine, MATERIAL_BOOK, receiptLine } from '../../shared/domain/material-book';
import { bookArchive } from '../../shared/services/book-archive';
import { runToEnd as run } from '../support/operations';
import { followTable } from '../support/changes';
import { documentClient, runtime } from '../support/api';

Object.assign(process.env, {
  AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
});
const db = documentClient();
const s3 = createS3Client(runtime().s3Endpoint);
const source = {
  table: `ops-${randomUUID().slice(0, 8)}`,
  bucket: runtime().bucketName,
  records: `records-${randomUUID().slice(0, 8)}`,
};
const target = {
  table: `ops-${randomUUID().slice(0, 8)}`,
  bucket: `fresh-${randomUUID().slice(0, 8)}`,
  records: `records-${randomUUID().slice(0, 8)}`,
};
const exporting = () =>
  exportRecords({
    db,
    tableName: source.table,
    s3,
    bucket: source.bucket,
    files: s3FileStorage(s3, source.bucket),
    records: s3FileStorage(s3, source.records),
  });
const importing = (files = s3FileStorage(s3, target.bucket)) =>
  importRecords({
    db,
    tableName: target.table,
    s3,
    bucket: target.bucket,
    files,
    records: s3FileStorage(s3, target.records),
  });
const client = randomUUID();
const tenant = { client, facility: randomUUID() };
const other = { client: randomUUID(), facility: randomUUID() };
const write = { actor: { sub: 'p-1', name: 'Pat' }, at: '2026-01-01 00:00:00', requestId: 'r' };
const fileBytes = new Uint8Array(Array.from({ length: 3000 }, (_, i) => (i * 7) % 256));

const records = async (table: string) =>
  ((await db.send(new ScanCommand({ TableName: table }))).Items ?? [])
    .filter((i) => String(i.PK).startsWith(`C#${client}`) && !isBookkeeping(i))
    .sort((a, b) => `${a.PK}${a.SK}`.localeCompare(`${b.PK}${b.SK}`));
const copyExport = async (prefix: string) => {
  const from = s3FileStorage(s3, source.bucket);
  const to = s3FileStorage(s3, target.bucket);
  const manifest = JSON.parse(new TextDecoder().decode(await from.read(`${prefix}manifest.json`))) as Manifest;
  for (const path of ['manifest.json', ...manifest.parts.map((p) => p.path)])
    await to.put(`${prefix}${path}`, (await from.read(`${prefix}${path}`))!, 'application/octet-stream');
  for (const part of manifest.parts.filter((p) => p.kind === 'documents' || p.kind === RECORDS_BUCKET_KIND)) {
    for (const line of new TextDecoder()
      .decode(await from.read(`${prefix}${part.path}`))
      .split('\n')
      .filter(Boolean)) {
      // A document's file, or an object of the records bucket (a locked line of the material book).
      const path = JSON.parse(line).ExportFile?.path ?? JSON.parse(line).path;
      if (path) await to.put(`${prefix}${path}`, (await from.read(`${prefix}${path}`))!, 'application/octet-stream');
    }
  }
  return manifest;
};
let location = '';
const changes = {
  source: undefined as ReturnType<typeof followTable> | undefined,
  target: undefined as ReturnType<typeof followTable> | undefined,
};
afterAll(() => Promise.all([changes.source?.stop(), changes.target?.stop()]));

beforeAll(async () => {
  await ensureTable(runtime().dynamodbEndpoint, source.table);
  await ensureTable(runtime().dynamodbEndpoint, target.table);
  changes.source = followTable(source.table);
  changes.target = followTable(target.table);
  for (const bucket of [target.bucket, source.records, target.records])
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  const containers = dynamoContainerStore(db, source.table);
  const box = createContainer(
    tenant,
    randomUUID(),
    { Name: 'Box', MeasuredBy: 'p-1' },
    [],
    new Date('2026-01-01T00:00:00Z'),
  );
  await containers.create(box, [], write);
  await containers.link(tenant, box.Uuid, { kind: 'CYCLOTRON_PRODUCT', id: 'prod-1', nuclide: 'F-18' });
  const decay = updateContainer(box, { State: 'DECAY' }, [], new Date('2026-01-02T00:00:00Z'));
  await containers.update(box, decay.next, decay.changes, write);
  const documents = dynamoDocumentStore(db, source.table);
  for (let i = 0; i < 5; i++)
    await documents.create(
      newDocument(
        tenant,
        randomUUID(),
        { Scope: 'DEVICE', ScopeReference: 'dev-1', Filename: `Prüfbericht ${i}.pdf` },
        new Date(Date.UTC(2026, 0, 1, 0, i)),
      ),
    );
  await documentWithFile(documents, s3, source.bucket, tenant, fileBytes);
  const log = dynamoMaintenanceStore(db, source.table);
  for (let i = 0; i < 3; i++)
    await log.create(
      createEntry(
        tenant,
        randomUUID(),
        { IncidentTitle: `Incident ${i}`, IncidentCause: 'c', IncidentDateStart: `2026-01-0${i + 1} 08:00:00` },
        'p-1',
        new Date(),
      ),
      { sub: 'p-1', name: 'Pat' },
    );
  await documents.create(
    newDocument(
      other,
      randomUUID(),
      { Scope: 'DEVICE', ScopeReference: 'dev-9', Filename: 'not-mine.pdf' },
      new Date(),
    ),
  );
  // The material book (StrlSchV § 85): a licence, a receipt booked against it, its line and the line's locked copy.
  const licence = createLicence(
    tenant,
    randomUUID(),
    {
      FileNumber: 'UG-1',
      Authority: 'Landesamt',
      Holder: 'Klinikum',
      IssuedAt: '2025-12-01 00:00:00',
      ValidFrom: '2026-01-01 00:00:00',
      Limits: [{ Nuclide: 'Ge-68', MaxActivityBq: 4e9 }],
    },
    new Date('2026-01-01T00:00:00Z'),
  );
  await dynamoLicenceStore(db, source.table).create(licence, write.actor);
  const generator: MaterialItem = {
    Client: tenant.client,
    Facility: tenant.facility,
    Uuid: randomUUID(),
    Version: 1,
    Kind: 'GENERATOR',
    Nuclide: 'Ge-68',
    ActivityBq: 1.85e9,
    ActivityDateTime: '2026-01-02 12:00:00',
    ReceivedAt: '2026-01-03 08:00:00',
    ReceivedBy: 'p-1',
    Supplier: 'Eckert & Ziegler',
    Batch: null,
    ChemicalForm: null,
    Impurities: [],
    CertificateDocumentUuid: null,
    ParentUuid: null,
    LicenceUuid: licence.Uuid,
    LicenceExceeded: null,
    LineUuid: randomUUID(),
    Movements: [],
    State: 'IN_STOCK',
    CreatedAt: '2026-01-03 08:00:00',
    UpdatedAt: '2026-01-03 08:00:00',
  };
  const booking = { lineUuid: generator.LineUuid, at: generator.CreatedAt, by: 'p-1', byName: 'Pat' };
  const line = chainBookLine(receiptLine(booking, generator, null), null);
  await dynamoMaterialStore(db, source.table).receive(generator, {
    book: { line, previous: null },
    licence: { Uuid: licence.Uuid, Version: licence.Version },
    certificate: null,
    actor: write.actor,
  });
  await bookArchive(s3FileStorage(s3, source.records), 'GOVERNANCE').keep(tenant, [line]);
  // The stream writer has entered the facilities in the facility index, which the export reads.
  await changes.source.settled();
});

describe('export and import', () => {
  it('exports every record of the client, with checksums and files, and nothing of another client', async () => {
    const { result } = await run(exporting(), { client });
    location = result.location;
    expect(result).toMatchObject({
      client,
      files: 1,
      counts: {
        containers: 1,
        'container-links': 1,
        audit: 2,
        documents: 6,
        'log-entries': 3,
        persons: 1,
        licence: 1,
        'material-item': 1,
        'material-book-line': 1,
        'records-bucket': 1,
      },
    });
    const manifest = await copyExport(location);
    expect(manifest).toMatchObject({ format: 'nm-archive-export', version: 1, client });
    for (const part of manifest.parts) {
      const body = (await s3FileStorage(s3, target.bucket).read(`${location}${part.path}`))!;
      expect(createHash('sha256').update(body).digest('hex')).toBe(part.sha256);
      expect(new TextDecoder().decode(body)).not.toContain(other.client);
    }
  });

  it('imports into a fresh table and bucket: the same records and files, exact counts', async () => {
    const { result } = await run(importing(), { client, inputs: { from: location } });
    expect(result).toMatchObject({ imported: 18, unchanged: 0, rejected: 0 });
    expect(await records(target.table)).toEqual(await records(source.table));
    await changes.target!.settled();
    const documents = dynamoDocumentStore(db, target.table);
    expect(await documents.count(tenant, { kind: 'all' })).toBe(6);
    expect(await documents.count(tenant, { kind: 'reference', scope: 'DEVICE', reference: 'dev-1' })).toBe(5);
    expect((await documents.page(tenant, { kind: 'all' }, 0, 100)).items).toHaveLength(6);
    expect(await dynamoMaintenanceStore(db, target.table).countTenant(tenant)).toBe(3);
    const restored = (await documents.list(tenant, { kind: 'reference', scope: 'RECORD', reference: 'rec-1' }, 1))[0]!;
    expect(await s3FileStorage(s3, target.bucket).read(restored.File!.Key)).toEqual(fileBytes);
    // The material book came back: its item in stock (its page bucket counted anew), its line with its locked copy.
    expect((await dynamoMaterialStore(db, target.table).page(tenant, 'IN_STOCK', 0, 100)).total).toBe(1);
    const lines = await dynamoMaterialBook(db, target.table).all(tenant);
    expect(lines.map((l) => l.LineSha256)).toEqual([
      (await dynamoMaterialBook(db, source.table).all(tenant))[0]!.LineSha256,
    ]);
    const copy = await s3FileStorage(s3, target.records).read(lineKey(MATERIAL_BOOK, tenant, lines[0]!));
    expect(new TextDecoder().decode(copy)).toBe(canonicalLine(lines[0]!));
  });

  it('importing twice changes nothing', async () => {
    const before = await records(target.table);
    const { result } = await run(importing(), { client, inputs: { from: location } });
    expect(result).toMatchObject({ imported: 0, unchanged: 18, rejected: 0 });
    expect(await records(target.table)).toEqual(before);
    await changes.target!.settled();
    expect(await dynamoDocumentStore(db, target.table).count(tenant, { kind: 'all' })).toBe(6);
  });

  it('refuses a part whose checksum does not match, and rejects invalid records with reasons', async () => {
    const files = s3FileStorage(s3, target.bucket);
    const manifest = JSON.parse(new TextDecoder().decode(await files.read(`${location}manifest.json`))) as Manifest;
    const part = manifest.parts.find((p) => p.kind === 'containers')!;
    const original = new TextDecoder().decode(await files.read(`${location}${part.path}`));
    const tampered = original.replace('"Box"', '"Boxes"');
    await files.put(`${location}${part.path}`, tampered, 'application/x-ndjson');
    await expect(run(importing(files), { client, inputs: { from: location } })).rejects.toThrow(/SHA-256/);
    const bad = JSON.stringify({
      ...JSON.parse(original.split('\n')[0]!),
      SK: 'CONTAINER#x#DATA',
      Uuid: 'x',
      Name: 'n'.repeat(300),
      UpdatedAt: '2099-01-01 00:00:00',
    });
    const body = `${original}${bad}\n`;
    part.sha256 = createHash('sha256').update(body).digest('hex');
    await files.put(`${location}${part.path}`, body, 'application/x-ndjson');
    await files.put(`${location}manifest.json`, JSON.stringify(manifest), 'application/json');
    const { result } = await run(importing(files), { client, inputs: { from: location } });
    expect(result).toMatchObject({
      imported: 0,
      rejected: 1,
      rejections: [{ line: `${part.path}:2`, reasons: ['Name: must have at most 128 characters'] }],
    });
  });
});
