/**
 * shared/services/container-label.ts over the in-memory container store (test/support/memory/containers.ts): a
 * container's label in the words of the facility's regime (German, or US with curies), its activity estimated at the
 * label's time, the date it was sealed in the facility's time zone, its QR code the path asked for; an open
 * container's says so; another facility's container is 404, a released one or one whose labels came off 409.
 */
import { describe, expect, it } from 'vitest';
import { DE_STRLSCHV_2018 } from '../../../shared/domain/regimes/de-strlschv-2018';
import { US_NRC_10CFR35 } from '../../../shared/domain/regimes/us-nrc-10cfr35';
import { labelService } from '../../../shared/services/container-label';
import type { Writer } from '../../../shared/services/writes';
import { rejection } from '../../support/errors';
import { containerServiceSetup } from '../../support/memory/containers';

const tenant = { client: 'c1', facility: 'f1' };
const ada: Writer = { sub: 'ada', name: 'Ada Lovelace', roles: [] };
const T0 = '2026-11-20 08:00:00';
const path = '/waste-management/api/v1/c1/f1/container/box';
/** One half-life of Tc-99m (6.0067 h) after T0. */
const LATER = new Date('2026-11-20T14:00:24Z');
const german = async () => ({ regime: DE_STRLSCHV_2018, TimeZone: 'Europe/Berlin' });
const american = async () => ({ regime: US_NRC_10CFR35, TimeZone: 'America/Chicago' });

/** A container with 1 GBq of Tc-99m of T0, sealed (DECAY) at T0 unless left open. */
async function box(sealed = true) {
  const { store, service } = containerServiceSetup();
  const { model } = await service.create(tenant, ada, { Name: 'Box 7' }, 'r1');
  const uuid = model.Uuid as string;
  await service.addContent(
    tenant,
    ada,
    uuid,
    { Kind: 'CYCLOTRON_PRODUCT', ContentId: 'p1', Nuclide: 'Tc-99m', Activity: 1e9, ActivityDateTime: T0 },
    'r2',
  );
  if (sealed) await service.update(tenant, ada, uuid, { State: 'DECAY' }, undefined, 'r3');
  return { store, uuid };
}

/** Writes `change` to the stored container, as another writer (the release act, say) leaves it. */
async function change(store: Awaited<ReturnType<typeof box>>['store'], uuid: string, next: Record<string, unknown>) {
  const { record } = (await store.load(tenant, uuid, { consistent: true }))!;
  const changes = Object.entries(next).map(([field, value]) => ({ field, old: null, new: value }));
  await store.update(record, { ...record, ...next, Version: record.Version + 1 }, changes, {
    actor: { sub: 'grace', name: 'Grace Hopper' },
    at: T0,
    requestId: 'r-other',
  });
}

describe('the label service', () => {
  it("says in the regime's words what the container holds now, when it was sealed, and codes the path", async () => {
    const { store, uuid } = await box();
    const de = await labelService(store, german, () => LATER).label(tenant, uuid, path);
    expect(de).toMatchObject({
      hazard: 'Radioaktiv',
      language: 'de',
      lines: [
        ['Behälter', 'Box 7'],
        ['Nuklide', 'Tc-99m'],
        ['Verschlossen', '20.11.2026, 09:00 MEZ'],
        ['Freigabe voraussichtlich', 'nicht vorhersagbar'],
      ],
      activityHeading: 'Aktivität (geschätzt) am 20.11.2026, 15:00 MEZ',
      activities: ['Tc-99m: 500 MBq'],
      code: path,
      id: uuid,
    });
    const us = await labelService(store, american, () => LATER).label(tenant, uuid, path);
    expect(us).toMatchObject({
      hazard: 'CAUTION, RADIOACTIVE MATERIAL',
      language: 'en',
      activities: ['Tc-99m: 500 MBq (13.5 mCi)'],
      activityHeading: 'Estimated activity on 11/20/2026, 08:00 AM CST',
    });
    expect(us.lines[2]).toEqual(['Sealed', '11/20/2026, 02:00 AM CST']);
  });

  it("of an open container says it is not sealed; another facility's container is 404", async () => {
    const { store, uuid } = await box(false);
    const labels = labelService(store, german, () => LATER);
    expect((await labels.label(tenant, uuid, path)).lines[2]).toEqual(['Verschlossen', 'noch offen']);
    const other = await rejection(labels.label({ client: 'c1', facility: 'f2' }, uuid, path));
    expect([other.statusCode, other.notification.key]).toEqual([404, 'container.not_found']);
  });

  it('is refused once the container is released, and once its labels came off (they stay off)', async () => {
    const released = await box();
    await change(released.store, released.uuid, {
      IsReleasedByRadiationProtectionOfficer: true,
      ReleasedByRadiationProtectionOfficer: 'grace',
      ReleasedByRadiationProtectionOfficerDateTime: '2026-11-21 08:00:00',
      State: 'RELEASE_DATE_REACHED',
    });
    const refused = await rejection(
      labelService(released.store, german, () => LATER).label(tenant, released.uuid, path),
    );
    expect([refused.statusCode, refused.notification]).toEqual([
      409,
      { key: 'container.label_released', params: { at: '2026-11-21 08:00:00' } },
    ]);
    // Under 10 CFR 35.92 (a)(3) the labels come off before the release: none is printed after.
    const removed = await box();
    await change(removed.store, removed.uuid, { LabelsRemoved: true });
    const off = await rejection(labelService(removed.store, american, () => LATER).label(tenant, removed.uuid, path));
    expect([off.statusCode, off.notification.key]).toEqual([409, 'container.label_removed']);
  });
});
