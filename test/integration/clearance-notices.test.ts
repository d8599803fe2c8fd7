/**
 * The clearance notice store (shared/data/clearance-notices.ts) on DynamoDB Local: a change of a notice guarded
 * against a citation that landed after its read.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { citeNoticeItem, dynamoClearanceNoticeStore } from '../../shared/data/clearance-notices';
import { ConditionFailedError, transactWrite } from '../../shared/data/transact';
import { createNotice, noticeWriteGuard } from '../../shared/domain/clearance-notice';
import { documentClient, runtime } from '../support/api';

const db = documentClient();
const table = () => runtime().tableName;
const tenant = { client: randomUUID(), facility: randomUUID() };
const actor = { sub: 'rpo', name: 'Rosa Officer' };
const NOW = new Date('2026-11-20T08:00:00Z');

async function storedNotice() {
  const notices = dynamoClearanceNoticeStore(db, table());
  const notice = createNotice(
    tenant,
    randomUUID(),
    {
      FileNumber: 'RP-1',
      Authority: 'A',
      Holder: 'H',
      Site: 'S',
      IssuedAt: '2026-01-01 00:00:00',
      ValidFrom: '2026-01-01 00:00:00',
      ValidUntil: '2026-12-31 23:59:59',
      ReleaseTypes: ['UNRESTRICTED'],
      WasteForms: ['SOLID'],
    },
    NOW,
  );
  await notices.create(notice, actor);
  return { notices, read: (await notices.get(tenant, notice.Uuid, { consistent: true }))! };
}

describe('clearance notice store', () => {
  it('refuses a change of a frozen member read before a citation landed; the citation stays', async () => {
    const { notices, read } = await storedNotice();
    await transactWrite(db, [citeNoticeItem(table(), tenant, read, '2026-06-01 12:00:00')]);
    const next = { ...read, WasteForms: ['SOLID', 'OIL'] as ('SOLID' | 'OIL')[], Version: 2 };
    await expect(notices.update(read, next, noticeWriteGuard(read, next), actor)).rejects.toBeInstanceOf(
      ConditionFailedError,
    );
    expect(await notices.get(tenant, read.Uuid, { consistent: true })).toMatchObject({
      WasteForms: ['SOLID'],
      Version: 1,
      Citations: 1,
      LastCitedAt: '2026-06-01 12:00:00',
    });
  });

  it('refuses a ValidUntil before a citation that landed after the read; one at or after it is written', async () => {
    const { notices, read } = await storedNotice();
    await transactWrite(db, [citeNoticeItem(table(), tenant, read, '2026-06-01 12:00:00')]);
    const early = { ...read, ValidUntil: '2026-05-31 00:00:00', Version: 2 };
    await expect(notices.update(read, early, noticeWriteGuard(read, early), actor)).rejects.toBeInstanceOf(
      ConditionFailedError,
    );
    const closing = { ...read, ValidUntil: '2026-06-01 12:00:00', Version: 2 };
    await notices.update(read, closing, noticeWriteGuard(read, closing), actor);
    // The change sets the notice's members; the citations beside them stay.
    expect(await notices.get(tenant, read.Uuid, { consistent: true })).toMatchObject({
      ValidUntil: '2026-06-01 12:00:00',
      Version: 2,
      Citations: 1,
    });
    expect((await notices.inForce(tenant, '2026-06-01 12:00:01')).map((n) => n.Uuid)).not.toContain(read.Uuid);
  });
});
