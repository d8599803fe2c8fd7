/**
 * exportRecords reads one client and nothing else: its directory and its facilities' partitions (found in the
 * facility index, entered here as the stream writer enters it: test/integration/import-records.test.ts follows the
 * stream), never a Scan, so another client's many more items cost it nothing. It
 * carries the client's objects in the release records bucket (listed, so an object whose item is lost travels too)
 * with their retention; importRecords puts each missing one back under the same lock (s3rver knows no Object Lock:
 * the request's lock parameters are asserted, as test/integration/files.test.ts does), leaves an existing one
 * alone and rejects one whose bytes do not match.
 */
import { CreateBucketCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { createHash, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureTable, LOCAL_CREDENTIALS } from '../../infra/local/emulators';
import { createS3Client } from '../../shared/clients/s3';
import { batchPut } from '../../shared/data/batch';
import { containerItem } from '../../shared/data/container-items';
import { facilityEntry } from '../../shared/data/facilities';
import { s3FileStorage } from '../../shared/data/files';
import { createContainer } from '../../shared/domain/container-rules';
import { facilityFilesPrefix } from '../../shared/domain/document';
import { keptUntil } from '../../shared/domain/release-record';
import { exportRecords } from '../../shared/operations/export-records';
import { importRecords } from '../../shared/operations/import-records';
import { documentClient, runtime } from '../support/api';
import { runToEnd } from '../support/operations';

Object.assign(process.env, {
  AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
});
const db = documentClient();
const s3 = createS3Client(runtime().s3Endpoint);
const id = () => randomUUID().slice(0, 8);
const table = `ops-${id()}`;
const target = `ops-${id()}`;
const [bucket, records, targetRecords] = [`files-${id()}`, `records-${id()}`, `records-${id()}`];
const mine = { client: randomUUID(), facilities: [randomUUID(), randomUUID(), randomUUID()] };
const theirs = { client: randomUUID(), facilities: Array.from({ length: 5 }, () => randomUUID()) };
const MINE = 100;
const THEIRS = 800;

/** `count` containers of a client, spread over its facilities, and the facilities' index entries. */
const containers = (owner: typeof mine, count: number) => [
  ...owner.facilities.map((facility) => facilityEntry({ client: owner.client, facility })),
  ...Array.from({ length: count }, (_, i) =>
    containerItem(
      createContainer(
        { client: owner.client, facility: owner.facilities[i % owner.facilities.length]! },
        randomUUID(),
        { Name: `Box ${i}` },
        [],
        new Date(Date.UTC(2026, 0, 1, 0, i)),
      ),
    ),
  ),
];

/** A release record kept as the release keeps it: 30 years, the lock named with it, its SHA-256 checked. */
const keepRecord = async (owner: typeof mine, facility: string, text: string, kept: Date) => {
  const body = new TextEncoder().encode(text);
  const key = `${facilityFilesPrefix(owner.client, facility)}${randomUUID()}`;
  await s3FileStorage(s3, records).keep(key, body, 'application/pdf', {
    mode: 'COMPLIANCE',
    until: keptUntil(kept),
    sha256: createHash('sha256').update(body).digest('hex'),
  });
  return key;
};
const keptKeys: string[] = [];

beforeAll(async () => {
  for (const name of [table, target]) await ensureTable(runtime().dynamodbEndpoint, name, { stream: false });
  for (const name of [bucket, records, targetRecords]) await s3.send(new CreateBucketCommand({ Bucket: name }));
  await batchPut(db, table, [...containers(mine, MINE), ...containers(theirs, THEIRS)]);
  keptKeys.push(
    await keepRecord(mine, mine.facilities[0]!, '%PDF-1.7 first record', new Date('2026-03-01T10:00:00Z')),
    await keepRecord(mine, mine.facilities[2]!, '%PDF-1.7 second record', new Date('2026-04-01T10:00:00Z')),
  );
  await keepRecord(theirs, theirs.facilities[0]!, '%PDF-1.7 not mine', new Date('2026-03-01T10:00:00Z'));
}, 120_000);

const exporting = () =>
  exportRecords({
    db,
    tableName: table,
    s3,
    bucket,
    files: s3FileStorage(s3, bucket),
    records: s3FileStorage(s3, records),
  });

describe('exportRecords', () => {
  it("reads only the client's partitions, whatever another client holds: at most 1.1 items read per item", async () => {
    const { result } = await runToEnd(exporting(), { client: mine.client });
    expect(result.counts).toEqual({ containers: MINE, 'records-bucket': 2 });
    expect(result.read.items).toBeLessThanOrEqual(1.1 * MINE);
    expect(result.read.items).toBeGreaterThanOrEqual(MINE);
    expect(result.scanned).toBe(result.read.items);
    expect(result.read.capacityUnits).toBeGreaterThan(0);
    expect(result.written).toEqual({ items: 0, capacityUnits: 0 });
    // The other client's eight times as many items: not one of them read, none exported.
    expect(result.read.items).toBeLessThan(THEIRS / 5);
  });

  it('carries the release records with their retention; import puts them back under the same lock', async () => {
    const { result } = await runToEnd(exporting(), { client: mine.client });
    const files = s3FileStorage(s3, bucket);
    const manifest = JSON.parse(new TextDecoder().decode(await files.read(`${result.location}manifest.json`)));
    const part = manifest.parts.find((p: { kind: string }) => p.kind === 'records-bucket');
    const lines = new TextDecoder()
      .decode(await files.read(`${result.location}${part.path}`))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.key).sort()).toEqual([...keptKeys].sort());
    expect(lines.find((l) => l.key === keptKeys[0])).toMatchObject({
      contentType: 'application/pdf',
      retention: { mode: 'COMPLIANCE', until: '2056-03-01T10:00:00.000Z' },
      sha256: createHash('sha256').update('%PDF-1.7 first record').digest('hex'),
    });

    const sent: Record<string, string>[] = [];
    const watched = createS3Client(runtime().s3Endpoint);
    watched.middlewareStack.add(
      (next) => async (args) => {
        const request = args.request as { method: string; headers: Record<string, string> };
        if (request.method === 'PUT') sent.push({ ...request.headers });
        return next(args);
      },
      { step: 'finalizeRequest', name: 'capturePuts' },
    );
    const importing = () =>
      importRecords({ db, tableName: target, s3, bucket, files, records: s3FileStorage(watched, targetRecords) });
    const imported = (await runToEnd(importing(), { client: mine.client, inputs: { from: result.location } })).result;
    expect(imported).toMatchObject({ imported: MINE + 2, unchanged: 0, rejected: 0 });
    expect(sent).toHaveLength(2);
    for (const line of lines) {
      const put = sent.find((h) => h['x-amz-checksum-sha256'] === Buffer.from(line.sha256, 'hex').toString('base64'));
      expect(put, line.key).toMatchObject({
        'x-amz-object-lock-mode': 'COMPLIANCE',
        'x-amz-object-lock-retain-until-date': line.retention.until.replace('.000Z', 'Z'),
        'content-type': 'application/pdf',
      });
      expect(await s3FileStorage(s3, targetRecords).read(line.key)).toEqual(
        await s3FileStorage(s3, records).read(line.key),
      );
    }

    // Again: every object exists, none is put; a line whose bytes were changed is rejected.
    sent.length = 0;
    const again = (await runToEnd(importing(), { client: mine.client, inputs: { from: result.location } })).result;
    expect(again).toMatchObject({ imported: 0, unchanged: MINE + 2, rejected: 0 });
    expect(sent).toHaveLength(0);
    await s3FileStorage(s3, targetRecords).remove(lines[0].key);
    await files.put(`${result.location}${lines[0].path}`, 'forged', 'application/pdf');
    const forged = (await runToEnd(importing(), { client: mine.client, inputs: { from: result.location } })).result;
    expect(forged).toMatchObject({ rejected: 1, rejections: [{ reasons: [expect.stringMatching(/SHA-256/)] }] });
    const left = await s3.send(new ListObjectsV2Command({ Bucket: targetRecords }));
    expect(left.Contents?.map((o) => o.Key)).toEqual([lines[1].key]);
  });
});
