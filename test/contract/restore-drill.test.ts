/**
 * The restore drill of docs/restore.md, locally: a client's book (two facilities, their releases) exported from the
 * runtime, imported into a new table and a new records bucket (as a restored table and bucket start), then every
 * year of every facility verified there: valid, and the register as it was. The chain's head is bookkeeping and does
 * not travel: the next release finds the chain's end among the lines. rebuildReleaseRegister finds nothing to do.
 * The operations run through their state machine definitions in this process, as the other operation tests do.
 */
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureTable, LOCAL_CREDENTIALS } from '../../infra/local/emulators';
import { createS3Client } from '../../shared/clients/s3';
import { nextFacility } from '../../shared/data/facilities';
import { s3FileStorage } from '../../shared/data/files';
import { dynamoReleaseRegister } from '../../shared/data/releases';
import { keys } from '../../shared/data/table';
import { exportRecords } from '../../shared/operations/export-records';
import { importRecords } from '../../shared/operations/import-records';
import { rebuildReleaseRegister } from '../../shared/operations/rebuild-release-register';
import { registerService } from '../../shared/services/releases';
import { documentClient, eventually, runtime, token } from '../support/api';
import { runToEnd } from '../support/operations';
import { releasable, releaseOf } from '../support/releases';

Object.assign(process.env, {
  AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
});
const db = documentClient();
const s3 = createS3Client(runtime().s3Endpoint);
const restored = { table: `restored-${randomUUID().slice(0, 8)}`, records: `records-${randomUUID().slice(0, 8)}` };
const client = randomUUID();
const facilities = [randomUUID(), randomUUID()];
const tenantOf = (facility: string) => ({
  client,
  facility,
  token: token({ clients: [client], facilities: [facility] }),
});
const records = s3FileStorage(s3, runtime().recordsBucketName);
const source = registerService(dynamoReleaseRegister(db, runtime().tableName), { timeZone: 'Europe/Berlin', records });
const target = registerService(dynamoReleaseRegister(db, restored.table), {
  timeZone: 'Europe/Berlin',
  records: s3FileStorage(s3, restored.records),
});
const thisYear = new Date().getUTCFullYear();
/** Every year since the facility's first release, as the drill loops them (the book starts this year here). */
const years = [thisYear - 1, thisYear];

beforeAll(async () => {
  // The first facility releases two containers, the second one.
  for (const [facility, count] of [
    [facilities[0]!, 2],
    [facilities[1]!, 1],
  ] as const) {
    const t = tenantOf(facility);
    const first = await releasable(t, { name: 'Box 0' });
    const ready = [first];
    for (let i = 1; i < count; i++)
      ready.push(await releasable(t, { name: `Box ${i}`, notice: first.notice, instrument: first.instrument }));
    for (const r of ready) expect((await releaseOf(t, r.uuid, { ClearanceNoticeUuid: r.notice })).status).toBe(200);
  }
  await ensureTable(runtime().dynamodbEndpoint, restored.table, { stream: false });
  await s3.send(new CreateBucketCommand({ Bucket: restored.records }));
  // The export finds a client's facilities in the facility index, which the stream writer keeps.
  await eventually(async () => {
    const first = await nextFacility(db, runtime().tableName, client);
    return first && nextFacility(db, runtime().tableName, client, first);
  }, 10_000);
}, 60_000);

describe('the restore drill', () => {
  it('export, import into a new table and bucket: every year of every facility verifies as it was', async () => {
    const files = s3FileStorage(s3, runtime().bucketName);
    const exported = await runToEnd(
      exportRecords({ db, tableName: runtime().tableName, s3, bucket: runtime().bucketName, files, records }),
      {
        client,
      },
    );
    // Each release: its PDF and its locked line object.
    expect(exported.result.counts).toMatchObject({ 'release-register': 3, 'records-bucket': 6 });
    const imported = await runToEnd(
      importRecords({
        db,
        tableName: restored.table,
        s3,
        bucket: runtime().bucketName,
        files,
        records: s3FileStorage(s3, restored.records),
      }),
      { client, inputs: { from: exported.result.location } },
    );
    expect(imported.result).toMatchObject({ rejected: 0, unchanged: 0 });

    for (const [i, facility] of facilities.entries()) {
      const tenant = { client, facility };
      for (const year of years) {
        const lines = year === thisYear ? 2 - i : 0;
        expect(await target.verify(tenant, year), `${facility} ${year}`).toEqual({
          Valid: true,
          Lines: lines,
          Objects: lines,
          FirstBroken: null,
          Missing: [],
        });
        expect(await target.register(tenant, year)).toEqual(await source.register(tenant, year));
      }
      // No head item came back: the next release chains onto the last line, found among the lines.
      const head = await db.send(
        new GetCommand({ TableName: restored.table, Key: { PK: keys.tenant(tenant), SK: keys.registerHead } }),
      );
      expect(head.Item).toBeUndefined();
      expect(await dynamoReleaseRegister(db, restored.table).head(tenant)).toBe(
        await dynamoReleaseRegister(db, runtime().tableName).head(tenant),
      );
      // The drill's last step finds nothing to rebuild.
      const rebuilt = await runToEnd(
        rebuildReleaseRegister(db, restored.table, s3FileStorage(s3, restored.records), 'GOVERNANCE'),
        { client, facility },
      );
      expect(rebuilt.result).toMatchObject({
        restoredLines: 0,
        restoredObjects: 0,
        conflicts: 0,
        unchanged: 2 - i,
        head: { was: null, moved: false },
        written: { items: 0, capacityUnits: 0 },
      });
    }
  }, 60_000);
});
