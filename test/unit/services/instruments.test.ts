/**
 * shared/services/instruments.ts over the in-memory instrument store: usability now in every answer (an Info naming
 * why not), the certificate's document, If-Match, and function checks by their caller, kept newest first.
 */
import { describe, expect, it } from 'vitest';
import { instrumentService } from '../../../shared/services/instruments';
import { rejection } from '../../support/errors';
import { memoryInstrumentStore } from '../../support/memory/instruments';

const tenant = { client: 'c1', facility: 'f1' };
const officer = { sub: 'rpo', name: 'Rosa Officer', roles: ['rpo'] };
const tech = { sub: 'tech', name: 'Theo Technician', roles: [] };
const body = {
  Name: 'Freimessanlage',
  Model: 'RTM661',
  SerialNumber: 'SN-1',
  Kind: 'FREE_RELEASE_MONITOR' as const,
  CalibratedAt: '2026-01-15 00:00:00',
  CalibrationDueAt: '2027-01-15 00:00:00',
};

function setup(at = '2026-11-20T08:00:00Z') {
  const store = memoryInstrumentStore();
  let now = new Date(at);
  const service = instrumentService(store, () => now);
  return { store, service, at: (iso: string) => (now = new Date(iso)) };
}

describe('instrumentService', () => {
  it('answers a new instrument as not usable now until a check passes, and names why', async () => {
    const { service } = setup();
    const created = await service.create(tenant, officer, body);
    expect(created.model).toMatchObject({ UsableNow: false, UsableUntil: null, FunctionCheckIntervalDays: 7 });
    expect(created.notes).toEqual([
      {
        key: 'instrument.not_usable_now',
        details: [{ key: 'detail.no_function_check', params: { at: '2026-11-20 08:00:00' } }],
      },
    ]);
    const uuid = created.model.Uuid as string;
    const check = await service.addCheck(tenant, tech, uuid, { CheckedAt: '2026-11-20 07:30:00', Result: 'PASS' });
    expect(check).toMatchObject({ CheckedBy: 'tech', CheckedByName: 'Theo Technician', Reading: null, Note: null });
    const loaded = await service.load(tenant, uuid);
    expect([loaded.model.UsableNow, loaded.model.UsableUntil, loaded.notes]).toEqual([true, '2026-11-27 07:30:00', []]);
  });

  it('takes the last check at or before now: a failed one makes it unusable, one ahead of now waits', async () => {
    const { service, at } = setup();
    const uuid = (await service.create(tenant, officer, body)).model.Uuid as string;
    await service.addCheck(tenant, tech, uuid, { CheckedAt: '2026-11-20 07:00:00', Result: 'PASS' });
    // Up to 5 minutes ahead of the server is taken; it counts from its own time.
    await service.addCheck(tenant, tech, uuid, { CheckedAt: '2026-11-20 08:04:00', Result: 'FAIL' });
    expect((await service.load(tenant, uuid)).model.UsableNow).toBe(true);
    at('2026-11-20T08:04:00Z');
    const failed = await service.load(tenant, uuid);
    expect([failed.model.UsableNow, failed.notes[0]!.details]).toEqual([
      false,
      [{ key: 'detail.function_check_failed', params: { at: '2026-11-20 08:04:00' } }],
    ]);
    const future = await rejection(
      service.addCheck(tenant, tech, uuid, { CheckedAt: '2026-11-20 08:09:01', Result: 'PASS' }),
    );
    expect(future.notification.details).toEqual([{ key: 'detail.future', params: { field: 'CheckedAt', minutes: 5 } }]);
    const checks = await service.checks(tenant, uuid);
    expect(checks.items.map((c) => [c.CheckedAt, c.Result])).toEqual([
      ['2026-11-20 08:04:00', 'FAIL'],
      ['2026-11-20 07:00:00', 'PASS'],
    ]);
  });

  it('is 404 for an instrument of another facility, for its checks too', async () => {
    const { service } = setup();
    const uuid = (await service.create(tenant, officer, body)).model.Uuid as string;
    const other = { client: 'c1', facility: 'f2' };
    for (const attempt of [
      service.load(other, uuid),
      service.checks(other, uuid),
      service.addCheck(other, tech, uuid, { CheckedAt: '2026-11-20 07:00:00', Result: 'PASS' }),
      service.update(other, officer, uuid, { Name: 'x' }, undefined),
    ])
      expect((await rejection(attempt)).notification.key).toBe('instrument.not_found');
  });

  it("checks the certificate's document, honours If-Match, and says when the calibration is due", async () => {
    const { store, service, at } = setup();
    const uuid = (await service.create(tenant, officer, body)).model.Uuid as string;
    const missing = await rejection(
      service.update(tenant, officer, uuid, { CalibrationDocumentUuid: 'cert' }, undefined),
    );
    expect(missing.notification.details).toEqual([
      { key: 'detail.document_not_found', params: { field: 'CalibrationDocumentUuid', uuid: 'cert' } },
    ]);
    store.addDocument(tenant, 'cert');
    const updated = await service.update(tenant, officer, uuid, { CalibrationDocumentUuid: 'cert' }, `"${uuid}.1"`);
    expect(updated.etag).toBe(`"${uuid}.2"`);
    expect((await rejection(service.update(tenant, officer, uuid, { Name: 'x' }, `"${uuid}.1"`))).statusCode).toBe(412);
    await service.addCheck(tenant, tech, uuid, { CheckedAt: '2026-11-20 07:00:00', Result: 'PASS' });
    at('2027-01-15T00:00:00Z');
    expect((await service.load(tenant, uuid)).notes[0]!.details).toContainEqual({
      key: 'detail.calibration_due',
      params: { since: '2027-01-15 00:00:00' },
    });
  });
});
