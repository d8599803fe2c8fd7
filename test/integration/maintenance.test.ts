/**
 * The maintenance log store (shared/data/maintenance.ts) on DynamoDB Local: a facility's entries newest first, kept
 * to their tenant, written only over the version read, counted through the change stream, writers' names resolved.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dynamoMaintenanceStore } from '../../shared/data/maintenance';
import { ConditionFailedError } from '../../shared/data/transact';
import { createEntry } from '../../shared/domain/maintenance';
import { documentClient, eventually, runtime } from '../support/api';

const store = () => dynamoMaintenanceStore(documentClient(), runtime().tableName);
const now = new Date('2026-11-20T08:00:00Z');
const ada = { sub: 'ada', name: 'Ada Lovelace' };
const entry = (tenant: { client: string; facility: string }, start: string) =>
  createEntry(
    tenant,
    randomUUID(),
    { IncidentTitle: 'Drift', IncidentCause: 'Cooling', IncidentDateStart: start },
    'ada',
    now,
  );

describe('the maintenance log store', () => {
  it("lists a facility's entries newest first, nothing of another facility, and counts them", async () => {
    const tenant = { client: randomUUID(), facility: randomUUID() };
    const entries = ['2026-11-19 10:00:00', '2026-11-20 07:00:00', '2026-11-18 09:00:00'].map((s) => entry(tenant, s));
    for (const e of entries) await store().create(e, ada);
    expect((await store().listTenant(tenant, 10)).map((e) => e.IncidentDateStart)).toEqual([
      '2026-11-20 07:00:00',
      '2026-11-19 10:00:00',
      '2026-11-18 09:00:00',
    ]);
    expect(await store().listTenant({ ...tenant, facility: randomUUID() }, 10)).toEqual([]);
    expect(await store().get(tenant, entries[0]!.Uuid)).toMatchObject({ IncidentTitle: 'Drift', Version: 1 });
    await eventually(async () => ((await store().countTenant(tenant)) === 3 ? true : undefined));
    const names = await store().names([{ client: tenant.client, kind: 'PERSON', id: 'ada' }]);
    expect([...names.values()]).toEqual(['Ada Lovelace']);
  });

  it('writes an entry once, and a change only over the version it read', async () => {
    const tenant = { client: randomUUID(), facility: randomUUID() };
    const first = entry(tenant, '2026-11-19 10:00:00');
    await store().create(first, ada);
    // The same entry again is the same write sent again (its answer lost): done, once. Another under its key fails.
    await store().create(first, ada);
    await expect(store().create({ ...first, IncidentTitle: 'Another' }, ada)).rejects.toBeInstanceOf(
      ConditionFailedError,
    );
    const next = { ...first, IncidentTitle: 'Drift again', Version: 2 };
    await store().update(first, next, ada);
    await expect(store().update(first, { ...next, IncidentTitle: 'Lost', Version: 2 }, ada)).rejects.toBeInstanceOf(
      ConditionFailedError,
    );
    expect(await store().get(tenant, first.Uuid)).toMatchObject({ IncidentTitle: 'Drift again', Version: 2 });
  });
});
