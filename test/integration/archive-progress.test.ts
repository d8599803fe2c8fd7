/**
 * shared/data/archive-progress.ts on DynamoDB Local: a release attempt marked before its record is kept, moved to
 * `LINE` by the release's own transaction, found pending across facilities by the time it began, an orphan taken out
 * of the pending index but kept, and gone once its line's copy is kept.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { archiveLineStep, dynamoArchiveProgress } from '../../shared/data/archive-progress';
import { releaseEntryItem } from '../../shared/data/releases';
import { keys } from '../../shared/data/table';
import { transactWrite } from '../../shared/data/transact';
import { documentClient, runtime } from '../support/api';
import { registerLine } from '../support/register-lines';

const db = documentClient();
const table = () => runtime().tableName;
const progress = dynamoArchiveProgress(db, table());

/** A fresh facility's release attempt, begun at `begunAt`. */
async function begun(begunAt: string) {
  const tenant = { client: randomUUID(), facility: randomUUID() };
  const attempt = {
    tenant,
    recordUuid: randomUUID(),
    recordKey: `documents/${tenant.client}/${tenant.facility}/x`,
    containerUuid: randomUUID(),
    begunAt,
  };
  await progress.begin(attempt);
  return attempt;
}
const pendingOf = async (tenant: { client: string }, before = '2027-01-01 00:00:00') =>
  (await progress.pending(before)).filter((p) => p.tenant.client === tenant.client);

describe('archive progress', () => {
  it('is pending from its beginning, by the time it began, across facilities', async () => {
    const attempt = await begun('2026-11-20 10:00:00');
    expect(await pendingOf(attempt.tenant)).toEqual([{ ...attempt, step: 'RECORD', releasedAt: null }]);
    expect(await pendingOf(attempt.tenant, '2026-11-20 10:00:00')).toEqual([]);
  });

  it("moves to LINE in the release's transaction, and is gone once done", async () => {
    const attempt = await begun('2026-11-20 10:00:00');
    await transactWrite(db, [
      archiveLineStep(table(), { ...attempt, begunAt: '2026-11-20 10:00:02', releasedAt: '2026-11-20 10:00:02' }),
    ]);
    expect(await pendingOf(attempt.tenant)).toEqual([
      { ...attempt, begunAt: '2026-11-20 10:00:02', step: 'LINE', releasedAt: '2026-11-20 10:00:02' },
    ]);
    await progress.done(attempt.tenant, attempt.recordUuid);
    expect(await pendingOf(attempt.tenant)).toEqual([]);
  });

  it('takes an orphan out of the pending index once, and no booked attempt', async () => {
    const attempt = await begun('2026-11-20 10:00:00');
    const [pending] = await pendingOf(attempt.tenant);
    expect(await progress.orphaned(pending!, '2026-11-21 03:00:00')).toBe(true);
    expect(await pendingOf(attempt.tenant)).toEqual([]);
    const booked = await begun('2026-11-20 10:00:00');
    await transactWrite(db, [archiveLineStep(table(), { ...booked, releasedAt: '2026-11-20 10:00:03' })]);
    const [line] = await pendingOf(booked.tenant);
    expect(await progress.orphaned(line!, '2026-11-21 03:00:00')).toBe(false);
    expect(await pendingOf(booked.tenant)).toHaveLength(1);
  });

  it("reads a booked release's line by its time and container", async () => {
    const tenant = { client: randomUUID(), facility: randomUUID() };
    const line = registerLine('2026-11-20 10:00:05', null, 'b');
    await db.send(new PutCommand({ TableName: table(), Item: releaseEntryItem(tenant, line) }));
    // A line read back has every member of the register, those it was written without null.
    expect(await progress.line(tenant, line.ReleasedAt, line.ContainerUuid)).toEqual({
      ...line,
      DisposalPlant: null,
      Surface: null,
    });
    expect(await progress.line(tenant, line.ReleasedAt, randomUUID())).toBeUndefined();
    expect(keys.archiveProgress('x')).toBe('ARCHIVE#x');
  });
});
