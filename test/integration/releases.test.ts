/**
 * shared/data/releases.ts on DynamoDB Local: a facility's release register read by year, and the end of its chain
 * (the head item, or without one the last line), which a release that read another head cannot move.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dynamoReleaseRegister, registerHeadItem, releaseEntryItem } from '../../shared/data/releases';
import { ConditionFailedError, transactWrite } from '../../shared/data/transact';
import type { RegisterLine } from '../../shared/domain/release-register';
import { documentClient, runtime } from '../support/api';
import { registerLine as line } from '../support/register-lines';

const db = documentClient();
const table = () => runtime().tableName;
const register = () => dynamoReleaseRegister(db, table());

/** Books `next` after `previous` as a release's transaction does. */
const book = (tenant: { client: string; facility: string }, next: RegisterLine) =>
  transactWrite(db, [
    { Put: { TableName: table(), Item: releaseEntryItem(tenant, next) } },
    registerHeadItem(table(), tenant, next.PreviousSha256, next),
  ]);

describe('the release register', () => {
  it("lists a year's lines oldest first, and where the chain stands before a year and now", async () => {
    const tenant = { client: randomUUID(), facility: randomUUID() };
    expect(await register().head(tenant)).toBeNull();
    const lines = [
      line('2025-12-31 23:59:59', null, 'a'),
      line('2026-03-01 10:00:00', 'a'.repeat(64), 'b'),
      line('2026-11-25 10:00:00', 'b'.repeat(64), 'c'),
    ];
    for (const l of lines) await book(tenant, l);
    expect((await register().list(tenant, 2026)).map((l) => l.ReleasedAt)).toEqual([
      '2026-03-01 10:00:00',
      '2026-11-25 10:00:00',
    ]);
    expect(await register().list(tenant, 2026, ['Name', 'Weight'])).toEqual([
      { Name: 'Box of 2026-03-01 10:00:00', Weight: 10_000 },
      { Name: 'Box of 2026-11-25 10:00:00', Weight: 10_000 },
    ]);
    expect(await register().list({ ...tenant, facility: randomUUID() }, 2026)).toEqual([]);
    expect(await register().before(tenant, 2026)).toBe('a'.repeat(64));
    expect(await register().before(tenant, 2025)).toBeNull();
    expect(await register().head(tenant)).toBe('c'.repeat(64));
  });

  it('never forks: a release that read an older head fails and books nothing', async () => {
    const tenant = { client: randomUUID(), facility: randomUUID() };
    await book(tenant, line('2026-01-01 00:00:00', null, 'a'));
    await book(tenant, line('2026-01-02 00:00:00', 'a'.repeat(64), 'b'));
    await expect(book(tenant, line('2026-01-03 00:00:00', 'a'.repeat(64), 'x'))).rejects.toBeInstanceOf(
      ConditionFailedError,
    );
    expect(await register().head(tenant)).toBe('b'.repeat(64));
    expect(await register().list(tenant, 2026)).toHaveLength(2);
  });
});
