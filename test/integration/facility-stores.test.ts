/**
 * The facility register stores on DynamoDB Local: a change of a notice guarded against a citation that landed after
 * its read, the last check at or before a time, the newest measurement, and a measurement that loses its container's
 * version writing nothing.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { citeNoticeItem, dynamoClearanceNoticeStore } from '../../shared/data/clearance-notices';
import { dynamoContainerStore } from '../../shared/data/containers';
import { dynamoInstrumentStore } from '../../shared/data/instruments';
import { dynamoMeasurementStore } from '../../shared/data/measurements';
import { ConditionFailedError, transactWrite } from '../../shared/data/transact';
import { createNotice, noticeWriteGuard } from '../../shared/domain/clearance-notice';
import { touched } from '../../shared/domain/container-model';
import { createContainer } from '../../shared/domain/container-rules';
import { createInstrument, newCheck } from '../../shared/domain/instrument';
import type { MeasurementRecord } from '../../shared/domain/measurement';
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

describe('instrument store', () => {
  it('finds the last check at or before a time in one query, checks of one second in the order they came', async () => {
    const instruments = dynamoInstrumentStore(db, table());
    const instrument = createInstrument(
      tenant,
      randomUUID(),
      {
        Name: 'Counter',
        Model: 'M',
        SerialNumber: 'S',
        Kind: 'WELL_COUNTER',
        CalibratedAt: '2026-01-01 00:00:00',
        CalibrationDueAt: '2027-01-01 00:00:00',
      },
      NOW,
    );
    await instruments.create(instrument, actor);
    const check = (at: string, result: 'PASS' | 'FAIL', uuid: string) =>
      instruments.addCheck(newCheck(instrument, uuid, { CheckedAt: at, Result: result }, 'tech', NOW), actor);
    await check('2026-11-19 08:00:00', 'PASS', '0001');
    await check('2026-11-20 08:00:00', 'PASS', '0002');
    await check('2026-11-20 08:00:00', 'FAIL', '0003');
    const last = (at: string) => instruments.lastCheck(tenant, instrument.Uuid, at);
    expect(await last('2026-11-19 07:59:59')).toBeUndefined();
    expect((await last('2026-11-20 07:59:59'))?.Uuid).toBe('0001');
    expect(await last('2026-11-20 08:00:00')).toMatchObject({ Uuid: '0003', Result: 'FAIL' });
    expect((await instruments.checks(tenant, instrument.Uuid)).map((c) => c.Uuid)).toEqual(['0003', '0002', '0001']);
    // A check of an instrument that is not there is not kept.
    await expect(
      instruments.addCheck(
        newCheck(
          { ...instrument, Uuid: 'gone' },
          'x',
          { CheckedAt: '2026-11-20 08:00:00', Result: 'PASS' },
          'tech',
          NOW,
        ),
        actor,
      ),
    ).rejects.toBeInstanceOf(ConditionFailedError);
  });
});

describe('measurement store', () => {
  it('writes a measurement with its container’s next version, or nothing when the version moved', async () => {
    const containers = dynamoContainerStore(db, table());
    const measurements = dynamoMeasurementStore(db, table());
    const record = { ...createContainer(tenant, randomUUID(), { Name: 'Bag' }, [], NOW), State: 'DECAY' as const };
    const write = { actor, at: '2026-11-20 08:00:00', requestId: randomUUID() };
    await containers.create(record, [], write);
    const measurement = (uuid: string, MeasuredAt: string) =>
      ({
        Client: tenant.client,
        Facility: tenant.facility,
        Uuid: uuid,
        ContainerUuid: record.Uuid,
        MeasuredAt,
      }) as MeasurementRecord;
    const next = touched(record, NOW);
    await measurements.record(record, next, measurement('m1', '2026-11-20 08:10:00'), write);
    await measurements.record(next, touched(next, NOW), measurement('m2', '2026-11-20 07:50:00'), write);
    await expect(
      measurements.record(record, next, measurement('m3', '2026-11-20 09:00:00'), write),
    ).rejects.toBeInstanceOf(ConditionFailedError);
    expect((await measurements.newest(tenant, record.Uuid))?.Uuid).toBe('m1');
    expect((await measurements.list(tenant, record.Uuid)).map((m) => m.Uuid)).toEqual(['m1', 'm2']);
    expect((await containers.load(tenant, record.Uuid, { consistent: true }))?.record.Version).toBe(3);
    const history = await containers.history(tenant, record.Uuid);
    expect(history.filter((e) => e.action === 'measured').map((e) => e.changes[0]!.field)).toEqual([
      'DecisionMeasurement',
      'DecisionMeasurement',
    ]);
  });
});
