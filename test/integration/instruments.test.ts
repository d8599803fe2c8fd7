/**
 * The instrument store (shared/data/instruments.ts) on DynamoDB Local: the last check at or before a time, and no
 * check of an instrument that is not there.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dynamoInstrumentStore } from '../../shared/data/instruments';
import { ConditionFailedError } from '../../shared/data/transact';
import { createInstrument, newCheck } from '../../shared/domain/instrument';
import { documentClient, runtime } from '../support/api';

const db = documentClient();
const table = () => runtime().tableName;
const tenant = { client: randomUUID(), facility: randomUUID() };
const actor = { sub: 'rpo', name: 'Rosa Officer' };
const NOW = new Date('2026-11-20T08:00:00Z');

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
