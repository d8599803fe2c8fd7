/**
 * shared/data/licences.ts on DynamoDB Local: a licence written once, read and listed per facility; a booking adds to
 * its Bookings and sets LastBookedAt on condition that the licence is the version the booking read, and leaves the
 * version alone; a change of what a booking keeps is written only while there is none (the update's condition),
 * other changes keep the bookings beside the licence; a stale version writes nothing.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bookLicenceItem, dynamoLicenceStore } from '../../shared/data/licences';
import { ConditionFailedError, transactWrite } from '../../shared/data/transact';
import { createLicence, type Licence } from '../../shared/domain/licence';
import { documentClient, runtime } from '../support/api';
import { LICENCE } from '../support/memory/material';

const db = documentClient();
const table = () => runtime().tableName;
const store = () => dynamoLicenceStore(db, table());
const rosa = { sub: 'rosa', name: 'Rosa Officer' };
const NOW = new Date('2026-11-20T08:00:00Z');

async function stored() {
  const tenant = { client: randomUUID(), facility: randomUUID() };
  const licence = createLicence(tenant, randomUUID(), LICENCE, NOW);
  await store().create(licence, rosa);
  return { tenant, licence };
}
const book = (tenant: { client: string; facility: string }, licence: Pick<Licence, 'Uuid' | 'Version'>, at: string) =>
  transactWrite(db, [bookLicenceItem(table(), tenant, licence, at)]);

describe('the licence store', () => {
  it('writes a licence once, and reads it and lists it in its facility only, with no booking yet', async () => {
    const { tenant, licence } = await stored();
    await expect(store().create(licence, rosa)).rejects.toBeInstanceOf(ConditionFailedError);
    const read = await store().get(tenant, licence.Uuid, { consistent: true });
    expect(read).toEqual({ ...licence, Bookings: 0, LastBookedAt: null });
    expect(await store().list(tenant, { consistent: true })).toEqual([read]);
    expect(await store().list({ ...tenant, facility: randomUUID() })).toEqual([]);
    expect(await store().get({ ...tenant, facility: randomUUID() }, licence.Uuid)).toBeUndefined();
  });

  it(
    'counts each booking on the version it read, leaving the ' + 'version alone; one on a stale version fails',
    async () => {
      const { tenant, licence } = await stored();
      await book(tenant, licence, '2026-03-01 10:00:00');
      await book(tenant, licence, '2026-03-02 10:00:00');
      expect(await store().get(tenant, licence.Uuid, { consistent: true })).toMatchObject({
        Version: 1,
        Bookings: 2,
        LastBookedAt: '2026-03-02 10:00:00',
      });
      const next = { ...licence, Holder: 'Klinikum Nord gGmbH', Version: 2 };
      await store().update(licence, next, false, rosa);
      await expect(book(tenant, licence, '2026-03-03 10:00:00')).rejects.toBeInstanceOf(ConditionFailedError);
      // A change that keeps what the bookings rest on keeps the bookings too.
      expect(await store().get(tenant, licence.Uuid, { consistent: true })).toMatchObject({
        Holder: 'Klinikum Nord gGmbH',
        Version: 2,
        Bookings: 2,
        LastBookedAt: '2026-03-02 10:00:00',
      });
      await expect(book({ ...tenant, facility: randomUUID() }, next, '2026-03-03 10:00:00')).rejects.toBeInstanceOf(
        ConditionFailedError,
      );
    },
  );

  it('writes a change of what a booking keeps only while there is none', async () => {
    const { tenant, licence } = await stored();
    const raised = { ...licence, Limits: [{ Nuclide: 'Ge-68', MaxActivityBq: 8e9 }], Version: 2 };
    // The change was read before a booking landed.
    await book(tenant, licence, '2026-03-01 10:00:00');
    await expect(store().update(licence, raised, true, rosa)).rejects.toBeInstanceOf(ConditionFailedError);
    expect(await store().get(tenant, licence.Uuid, { consistent: true })).toMatchObject({
      Limits: LICENCE.Limits,
      Version: 1,
    });
    // Before any booking it is written; a second change over the same version is not.
    const { tenant: other, licence: unbooked } = await stored();
    const changed = { ...unbooked, Limits: raised.Limits, Version: 2 };
    await store().update(unbooked, changed, true, rosa);
    await expect(store().update(unbooked, { ...changed, SumRule: true }, true, rosa)).rejects.toBeInstanceOf(
      ConditionFailedError,
    );
    expect(await store().get(other, unbooked.Uuid, { consistent: true })).toMatchObject({
      Limits: raised.Limits,
      SumRule: false,
      Version: 2,
      Bookings: 0,
    });
  });
});
