/**
 * shared/operations/rebuild-release-register.ts, end to end:
 * rebuildReleaseRegister over its /service route, its execution run by the runtime's step function: register lines
 * removed from the table come back from their locked objects, and the register, its verification and the next
 * release's link are as before; a dry run says so and writes nothing; a changed line is named and left alone; a
 * missing line object is written from its line.
 */
import { DeleteObjectCommand, GetObjectCommand } from '@aws-sdk/client-s3';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerHeadItem } from '../../shared/data/releases';
import { keys } from '../../shared/data/table';
import { registerLineKey } from '../../shared/domain/register-chain';
import { call, documentClient, eventually, newTenant, runtime, s3Client, token } from '../support/api';
import { rpoOf } from '../support/registers';
import { releasable, releaseOf } from '../support/releases';

type Tenant = ReturnType<typeof newTenant>;
type Line = Record<string, any>;
const year = new Date().getUTCFullYear();
const registerOf = (t: Tenant, suffix = '') =>
  `/waste-management/api/v1/${t.client}/${t.facility}/release-register${suffix}?year=${year}`;
const register = async (t: Tenant): Promise<Line[]> =>
  (await call('GET', registerOf(t), { token: rpoOf(t) })).body.ReleaseRegisterModelCollection;
const verify = async (t: Tenant) =>
  (await call('GET', registerOf(t, '/verify'), { token: rpoOf(t) })).body.ReleaseRegisterVerificationModel;
const lineKey = (t: Tenant, line: Line) => ({
  PK: keys.tenant(t),
  SK: keys.releaseEntry(line.ReleasedAt, line.ContainerUuid),
});
const idOf = (line: Line) => ({ ContainerUuid: line.ContainerUuid, ReleasedAt: line.ReleasedAt });
const db = () => documentClient();

/** A tenant with `count` containers released one after another, and one more ready: the lines in chain order. */
async function released(count: number) {
  const t = newTenant();
  const first = await releasable(t, { name: 'Box 0' });
  const ready = [first];
  for (let i = 1; i <= count; i++)
    ready.push(await releasable(t, { name: `Box ${i}`, notice: first.notice, instrument: first.instrument }));
  for (const r of ready.slice(0, count)) {
    const answer = await releaseOf(t, r.uuid, { ClearanceNoticeUuid: r.notice });
    expect(answer.status, answer.text).toBe(200);
  }
  const lines = await register(t);
  const ordered = [lines.find((l) => l.PreviousSha256 === null)!];
  while (ordered.length < lines.length)
    ordered.push(lines.find((l) => l.PreviousSha256 === ordered.at(-1)!.LineSha256)!);
  return { t, lines: ordered, next: ready[count]! };
}

/** The operation run for the tenant's facility through its start route, to its end: its report. */
async function rebuild(t: Tenant, dryRun: boolean) {
  const operator = token({ roles: ['operator'] });
  const started = await call('GET', `/service/rebuild-release-register/${t.client}/${t.facility}?dryRun=${dryRun}`, {
    token: operator,
  });
  expect(started.status, started.text).toBe(200);
  const ended = await eventually(async () => {
    const r = await call('GET', `/service/executions/${started.body.ExecutionId}`, { token: operator });
    return r.body.Status === 'RUNNING' ? undefined : r;
  }, 30_000);
  expect(ended.body.Status, JSON.stringify(ended.body.Error)).toBe('SUCCEEDED');
  return ended.body.Result;
}
const headOf = async (t: Tenant) =>
  (
    await db().send(
      new GetCommand({ TableName: runtime().tableName, Key: { PK: keys.tenant(t), SK: keys.registerHead } }),
    )
  ).Item;

describe('rebuildReleaseRegister', () => {
  // One facility's book for both tests, the second going on from where the first leaves it: releases take time.
  let book: Awaited<ReturnType<typeof released>>;
  beforeAll(async () => {
    book = await released(3);
  }, 60_000);

  it('puts removed lines back from their objects: register and verify as before, the next release chains', async () => {
    const { t, lines, next } = book;
    const [first, second, third] = lines as [Line, Line, Line];
    expect(await verify(t)).toEqual({ Valid: true, Lines: 3, Objects: 3, FirstBroken: null, Missing: [] });
    // The table as a backup taken after the first release holds it: the later lines missing, the head on the first.
    for (const line of [second, third])
      await db().send(new DeleteCommand({ TableName: runtime().tableName, Key: lineKey(t, line) }));
    const { ConditionExpression: _unconditional, ...head } = registerHeadItem(
      runtime().tableName,
      t,
      null,
      first as never,
    ).Put!;
    await db().send(new PutCommand(head));
    const broken = await verify(t);
    expect(broken).toMatchObject({ Valid: false, Lines: 1, Objects: 3 });
    // In key order: releases within one second sort by container.
    expect(broken.Missing).toEqual([second, third].toSorted(byKey).map((l) => ({ ...idOf(l), Missing: 'line' })));

    // A dry run says what it would restore and writes nothing.
    const dry = await rebuild(t, true);
    expect(dry).toMatchObject({
      client: t.client,
      facility: t.facility,
      dryRun: true,
      restoredLines: 2,
      restoredObjects: 0,
      conflicts: 0,
      unchanged: 1,
      years: [{ year, lines: 1, objects: 3, restoredLines: 2, restoredObjects: 0, conflicts: 0, unchanged: 1 }],
      conflicting: [],
      head: { was: idOf(first), end: idOf(first), moved: false },
      written: { items: 0, capacityUnits: 0 },
    });
    expect(dry.restorations).toEqual(
      expect.arrayContaining([second, third].map((l) => ({ ...idOf(l), Restored: 'line' }))),
    );
    expect(dry.read.items).toBeGreaterThan(0);
    expect(await register(t)).toHaveLength(1);
    expect((await headOf(t))?.LineSha256).toBe(first.LineSha256);

    // The real run: the lines back from their objects, the head on the last line again.
    const real = await rebuild(t, false);
    expect(real).toMatchObject({
      dryRun: false,
      restoredLines: 2,
      conflicts: 0,
      head: { was: idOf(first), end: idOf(third), moved: true },
    });
    expect(real.written.items).toBe(3); // two lines and the head
    expect(await register(t)).toEqual(lines.toSorted(byKey));
    expect(await verify(t)).toEqual({ Valid: true, Lines: 3, Objects: 3, FirstBroken: null, Missing: [] });

    // The next release chains onto the last line, not onto the head the backup held.
    const answer = await releaseOf(t, next.uuid, { ClearanceNoticeUuid: next.notice });
    expect(answer.status, answer.text).toBe(200);
    const after = await register(t);
    expect(after.find((l) => l.ContainerUuid === next.uuid)?.PreviousSha256).toBe(third.LineSha256);
    expect(await verify(t)).toMatchObject({ Valid: true, Lines: 4, Objects: 4 });

    // Again: nothing to restore, nothing written.
    expect(await rebuild(t, false)).toMatchObject({
      restoredLines: 0,
      restoredObjects: 0,
      unchanged: 4,
      head: { moved: false },
      written: { items: 0, capacityUnits: 0 },
    });
  }, 60_000);

  it('names a changed line and leaves it as it is; writes a missing line object from its line', async () => {
    const { t, lines, next } = book;
    const first = lines[0]!;
    const last = (await register(t)).find((l) => l.ContainerUuid === next.uuid)!;
    await db().send(
      new UpdateCommand({
        TableName: runtime().tableName,
        Key: lineKey(t, first),
        UpdateExpression: 'SET Weight = :lighter',
        ExpressionAttributeValues: { ':lighter': 1 },
      }),
    );
    // s3rver knows no Object Lock: here a line object can be removed, as a bucket restored without it would lack it.
    const objectKey = registerLineKey(t, last as never);
    await s3Client().send(new DeleteObjectCommand({ Bucket: runtime().recordsBucketName, Key: objectKey }));

    const result = await rebuild(t, false);
    expect(result).toMatchObject({
      restoredLines: 0,
      restoredObjects: 1,
      conflicts: 1,
      unchanged: 2,
      restorations: [{ ...idOf(last), Restored: 'object' }],
      conflicting: [{ ...idOf(first), Reason: 'the line differs from its locked object' }],
    });
    const kept = await db().send(new GetCommand({ TableName: runtime().tableName, Key: lineKey(t, first) }));
    expect(kept.Item?.Weight).toBe(1);
    const object = await s3Client().send(new GetObjectCommand({ Bucket: runtime().recordsBucketName, Key: objectKey }));
    expect(JSON.parse(await object.Body!.transformToString())).toEqual(last);
    expect(await verify(t)).toMatchObject({
      Valid: false,
      Missing: [],
      FirstBroken: { ...idOf(first), Reason: 'the line does not hash to its LineSha256' },
    });
  });
});

const byKey = (a: Line, b: Line) => {
  const [x, y] = [a, b].map((l) => `${l.ReleasedAt}#${l.ContainerUuid}`) as [string, string];
  return x < y ? -1 : x > y ? 1 : 0;
};
