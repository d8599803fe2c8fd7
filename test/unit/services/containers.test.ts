/**
 * shared/services/containers.ts over the in-memory container store (test/support/memory/): If-Match
 * and lost races, the predicted release date and release warnings, contents, history, the sweep.
 */
import { describe, expect, it } from 'vitest';
import type { ContainerStore } from '../../../shared/data/container-store';
import { etagOf, ifMatchHolds } from '../../../shared/domain/record';
import { containerService } from '../../../shared/services/containers';
import type { Writer } from '../../../shared/services/writes';
import { measurementFixture, memoryReleaseSources } from '../../support/memory/release-sources';
import { rejection } from '../../support/errors';
import { containerServiceSetup, memoryContainerStore } from '../../support/memory/containers';

const tenant = { client: 'c1', facility: 'f1' };
const ada: Writer = { sub: 'ada', name: 'Ada Lovelace', roles: [] };
const rpo: Writer = { sub: 'grace', name: 'Grace Hopper', roles: ['rpo'] };
const T0 = '2026-11-20 08:00:00';
/** 10 kg measured at 1 MBq at T0. */
const MEASURED_BOX = { Name: 'Box', Weight: 10_000, MeasurementActivity: 1_000_000, MeasurementDate: T0 };
const released = {
  IsReleasedByRadiationProtectionOfficer: true,
  ReleasedByRadiationProtectionOfficer: 'grace',
  ReleasedByRadiationProtectionOfficerDateTime: T0,
};

const setup = containerServiceSetup;

/** A store whose next `update` first lets another writer change the container (a lost race). */
function racing(store: ContainerStore, other: (store: ContainerStore) => Promise<void>, times = 1): ContainerStore {
  let left = times;
  return {
    ...store,
    async update(...args) {
      if (left-- > 0) await other(store);
      return store.update(...args);
    },
  };
}
/** Another writer's rename of container `uuid`, straight to the store. */
const renameTo = (uuid: string, name: string) => async (store: ContainerStore) => {
  const { record } = (await store.load(tenant, uuid, { consistent: true }))!;
  await store.update(
    record,
    { ...record, Name: name, Version: record.Version + 1 },
    [{ field: 'Name', old: record.Name, new: name }],
    { actor: { sub: 'other', name: undefined }, at: T0, requestId: 'r-other' },
  );
};

describe('ifMatchHolds and etagOf', () => {
  it('holds for the current ETag, alone or in a list, and for *', () => {
    expect(ifMatchHolds('"u1.3"', '"u1.3"')).toBe(true);
    expect(ifMatchHolds('"u1.2", "u1.3"', '"u1.3"')).toBe(true);
    expect(ifMatchHolds('*', '"u1.3"')).toBe(true);
  });

  it('fails for another version, a weak tag (strong comparison) and an unquoted value', () => {
    expect(ifMatchHolds('"u1.2"', '"u1.3"')).toBe(false);
    expect(ifMatchHolds('W/"u1.3"', '"u1.3"')).toBe(false);
    expect(ifMatchHolds('u1.3', '"u1.3"')).toBe(false);
    expect(ifMatchHolds('', '"u1.3"')).toBe(false);
  });

  it('differs for every container and version', () => {
    const tags = new Set(
      [
        { Uuid: 'a', Version: 1 },
        { Uuid: 'a', Version: 2 },
        { Uuid: 'b', Version: 1 },
      ].map((r) => etagOf(r as never)),
    );
    expect(tags.size).toBe(3);
  });
});

describe('containerService', () => {
  it(
    'creates a container in OPEN, answers it with its ETag and the writer by name, and loads it only for its ' +
      'tenant',
    async () => {
      const { service } = setup();
      const created = await service.create(tenant, ada, { Name: 'Box', MeasuredBy: 'ada' }, 'r1');
      expect(created.model).toMatchObject({
        Name: 'Box',
        State: 'OPEN',
        MeasuredByName: 'Ada Lovelace',
        Client: 'c1',
        Facility: 'f1',
      });
      expect(created.etag).toBe(`"${created.model.Uuid}.1"`);
      expect((await service.load(tenant, created.model.Uuid as string)).etag).toBe(created.etag);
      const other = await rejection(service.load({ ...tenant, facility: 'f2' }, created.model.Uuid as string));
      expect([other.statusCode, other.notification.key]).toEqual([404, 'container.not_found']);
    },
  );

  describe('update', () => {
    it(
      'with a matching If-Match writes and moves the ETag; with a stale one answers 412 naming it and writes ' +
        'nothing',
      async () => {
        const { service } = setup();
        const { model, etag } = await service.create(tenant, ada, { Name: 'Box' }, 'r1');
        const updated = await service.update(tenant, ada, model.Uuid as string, { Name: 'Crate' }, etag, 'r2');
        expect(updated.model.Name).toBe('Crate');
        expect(updated.etag).not.toBe(etag);
        const stale = await rejection(service.update(tenant, ada, model.Uuid as string, { Name: 'Bin' }, etag, 'r3'));
        expect(stale.statusCode).toBe(412);
        expect(stale.notification).toMatchObject({
          key: 'request.precondition_failed',
          details: [{ key: 'detail.if_match', params: { value: etag } }],
        });
        expect((await service.load(tenant, model.Uuid as string)).model.Name).toBe('Crate');
      },
    );

    it('without If-Match, re-reads and re-applies after losing a race: both writes survive', async () => {
      const store = memoryContainerStore();
      const { model } = await setup(store).service.create(tenant, ada, { Name: 'Box' }, 'r1');
      const { service } = setup(racing(store, renameTo(model.Uuid as string, 'Renamed meanwhile')));
      const result = await service.update(tenant, ada, model.Uuid as string, { Weight: 12 }, undefined, 'r2');
      expect(result.model).toMatchObject({ Name: 'Renamed meanwhile', Weight: 12 });
      expect(result.etag).toBe(`"${model.Uuid}.3"`);
    });

    it('with If-Match, a race lost between read and write is 412, not re-applied', async () => {
      const store = memoryContainerStore();
      const { model, etag } = await setup(store).service.create(tenant, ada, { Name: 'Box' }, 'r1');
      const { service } = setup(racing(store, renameTo(model.Uuid as string, 'Renamed meanwhile')));
      const error = await rejection(service.update(tenant, ada, model.Uuid as string, { Weight: 12 }, etag, 'r2'));
      expect([error.statusCode, error.notification.key]).toEqual([412, 'request.precondition_failed']);
      expect((await store.load(tenant, model.Uuid as string))!.record).toMatchObject({
        Name: 'Renamed meanwhile',
        Weight: null,
      });
    });

    it('a race lost on every attempt ends in 409 request.concurrent_update', async () => {
      const store = memoryContainerStore();
      const { model } = await setup(store).service.create(tenant, ada, { Name: 'Box' }, 'r1');
      let n = 0;
      const { service } = setup(
        racing(store, async (s) => renameTo(model.Uuid as string, `Other ${++n}`)(s), Infinity),
      );
      const error = await rejection(service.update(tenant, ada, model.Uuid as string, { Weight: 12 }, undefined, 'r2'));
      expect([error.statusCode, error.notification.key]).toEqual([409, 'request.concurrent_update']);
    });

    it('entering DECAY without a release date sets the predicted one and says so', async () => {
      const store = memoryContainerStore();
      const { service } = setup(store);
      // 1 MBq of F-18 in 10 kg: 100 Bq/g, 10 times the clearance level; cleared after T½ · log2(10).
      const { model } = await service.create(tenant, ada, MEASURED_BOX, 'r1');
      await service.addContent(
        tenant,
        ada,
        model.Uuid as string,
        { Kind: 'CYCLOTRON_PRODUCT', ContentId: 'p1', Nuclide: 'F-18' },
        'r2',
      );
      const result = await service.update(tenant, ada, model.Uuid as string, { State: 'DECAY' }, undefined, 'r3');
      expect(result.model).toMatchObject({ State: 'DECAY', ReleaseDateTime: '2026-11-20 14:04:39' });
      expect(result.notes).toEqual([{ key: 'release.date_predicted', params: { date: '2026-11-20 14:04:39' } }]);
      const history = await service.history(tenant, model.Uuid as string, { offset: 0, limit: 10 });
      expect(history.items.filter((l) => l.RequestId === 'r3').map((l) => [l.Field, l.NewValue])).toEqual(
        expect.arrayContaining([
          ['State', 'DECAY'],
          ['ReleaseDateTime', '2026-11-20 14:04:39'],
        ]),
      );
    });

    it('keeps a release date given with the move, and predicts none without the inputs', async () => {
      const { service } = setup();
      const given = await service.create(tenant, ada, { Name: 'Box' }, 'r1');
      const withDate = await service.update(
        tenant,
        ada,
        given.model.Uuid as string,
        { State: 'DECAY', ReleaseDateTime: '2027-01-01 00:00:00' },
        undefined,
        'r2',
      );
      expect([withDate.model.ReleaseDateTime, withDate.notes]).toEqual(['2027-01-01 00:00:00', []]);
      const bare = await service.create(tenant, ada, { Name: 'Bare' }, 'r3');
      const noInputs = await service.update(
        tenant,
        ada,
        bare.model.Uuid as string,
        { State: 'DECAY' },
        undefined,
        'r4',
      );
      // No date, and an Info naming what is missing.
      expect([noInputs.model.ReleaseDateTime, noInputs.notes]).toEqual([
        null,
        [
          {
            key: 'release.not_predictable',
            params: { reason: 'Weight, MeasurementActivity, MeasurementDate, Contents' },
          },
        ],
      ]);
    });

    it('a decision measurement that clears opens RELEASE_DATE_REACHED before the predicted date', async () => {
      const store = memoryContainerStore();
      const sources = memoryReleaseSources();
      const service = containerService(store, { clock: () => new Date('2026-11-20T09:00:00Z'), ...sources });
      // 10 kg at 1 MBq of I-131: 100 Bq/g, ten times the level: the prediction clears in 26.7 days.
      const { model } = await service.create(tenant, ada, { ...MEASURED_BOX, WasteForm: 'SOLID' }, 'r1');
      const uuid = model.Uuid as string;
      await service.addContent(tenant, ada, uuid, { Kind: 'GENERATOR_ELUAT', ContentId: 'e1', Nuclide: 'I-131' }, 'r');
      await service.update(tenant, ada, uuid, { State: 'DECAY' }, undefined, 'r');
      const early = await rejection(
        service.update(tenant, ada, uuid, { State: 'RELEASE_DATE_REACHED' }, undefined, 'r'),
      );
      expect(early.notification.key).toBe('container.clearance_not_reached');
      // Measured: 0.5 Bq/g of I-131, a twentieth of its value (the closing measurement overstated it).
      sources.addMeasurement(
        tenant,
        measurementFixture({
          containerUuid: uuid,
          at: '2026-11-20 08:30:00',
          weightG: 10_000,
          fractions: { 'I-131': 1 },
          valueUsed: 0.5,
          detectionLimit: 0.01,
        }),
      );
      const reached = await service.update(tenant, ada, uuid, { State: 'RELEASE_DATE_REACHED' }, undefined, 'r');
      expect(reached.model.State).toBe('RELEASE_DATE_REACHED');
    });

    it('after closing, a raised mass dilutes: 409, unless an officer justifies it; lowering is allowed', async () => {
      const { service } = setup();
      const { model } = await service.create(tenant, ada, MEASURED_BOX, 'r1');
      const uuid = model.Uuid as string;
      await service.addContent(tenant, ada, uuid, { Kind: 'CYCLOTRON_PRODUCT', ContentId: 'p1', Nuclide: 'F-18' }, 'r');
      const decay = await service.update(tenant, ada, uuid, { State: 'DECAY' }, undefined, 'r');
      expect(decay.model.ReleaseDateTime).toBe('2026-11-20 14:04:39');
      const diluted = await rejection(service.update(tenant, ada, uuid, { Weight: 100_000 }, undefined, 'r'));
      expect(diluted.notification).toEqual({ key: 'container.dilution', params: { from: 10_000, to: 100_000 } });
      const unjustified = await rejection(service.update(tenant, rpo, uuid, { Weight: 100_000 }, undefined, 'r'));
      expect(unjustified.notification.key).toBe('container.dilution');
      const reason = 'Weighed again on the calibrated scale: the first weighing left out the lid.';
      const heavier = await service.update(tenant, rpo, uuid, { Weight: 100_000 }, undefined, 'r', reason);
      // A tenth of the specific activity: 10 Bq/g is cleared at once; the history keeps the reason.
      expect(heavier.model.ReleaseDateTime).toBe(T0);
      expect(heavier.notes).toEqual([{ key: 'release.date_repredicted', params: { date: T0 } }]);
      const lines = (await service.history(tenant, uuid, { offset: 0, limit: 10 })).items;
      expect(lines.find((l) => l.Field === 'Justification')).toMatchObject({ By: 'grace', NewValue: reason });
      const lighter = await service.update(tenant, ada, uuid, { Weight: 50_000 }, undefined, 'r');
      expect(lighter.model.Weight).toBe(50_000);
    });

    it('labels come off after the release only, once; DISPOSED needs them off', async () => {
      const { service, store } = setup();
      const { model } = await service.create(tenant, ada, MEASURED_BOX, 'r1');
      const uuid = model.Uuid as string;
      const early = await rejection(service.update(tenant, ada, uuid, { LabelsRemoved: true }, undefined, 'r'));
      expect(early.notification.key).toBe('container.labels_before_release');
      const atCreate = await rejection(service.create(tenant, ada, { Name: 'Bin', LabelsRemoved: true }, 'r'));
      expect(atCreate.notification.key).toBe('container.labels_before_release');
      // Released, as the release act leaves it, in RELEASE_DATE_REACHED.
      const { record } = (await store.load(tenant, uuid, { consistent: true }))!;
      await store.update(
        record,
        { ...record, ...released, State: 'RELEASE_DATE_REACHED', Version: record.Version + 1 },
        [{ field: 'State', old: 'OPEN', new: 'RELEASE_DATE_REACHED' }],
        { actor: { sub: 'grace', name: 'Grace Hopper' }, at: T0, requestId: 'r-release' },
      );
      const disposing = await rejection(service.update(tenant, ada, uuid, { State: 'DISPOSED' }, undefined, 'r'));
      expect(disposing.notification.key).toBe('container.labels_not_removed');
      const off = await service.update(tenant, ada, uuid, { LabelsRemoved: true }, undefined, 'r-labels');
      expect(off.model.LabelsRemoved).toBe(true);
      const back = await rejection(service.update(tenant, ada, uuid, { LabelsRemoved: false }, undefined, 'r'));
      expect(back.notification.key).toBe('container.labels_kept');
      const disposed = await service.update(tenant, ada, uuid, { State: 'DISPOSED' }, undefined, 'r');
      expect(disposed.model.State).toBe('DISPOSED');
      const lines = (await service.history(tenant, uuid, { offset: 0, limit: 10 })).items;
      expect(lines.find((l) => l.Field === 'LabelsRemoved')).toMatchObject({ By: 'ada', NewValue: true, At: T0 });
    });
  });

  it('deletes an OPEN container and answers it as it was; refuses one in DECAY with 409', async () => {
    const { service } = setup();
    const open = await service.create(tenant, ada, { Name: 'Box' }, 'r1');
    expect((await service.remove(tenant, ada, open.model.Uuid as string, 'r2')).model.Name).toBe('Box');
    expect((await rejection(service.load(tenant, open.model.Uuid as string))).statusCode).toBe(404);
    const decaying = await service.create(tenant, ada, { Name: 'Decaying' }, 'r3');
    await service.update(tenant, ada, decaying.model.Uuid as string, { State: 'DECAY' }, undefined, 'r4');
    expect((await rejection(service.remove(tenant, ada, decaying.model.Uuid as string, 'r5'))).statusCode).toBe(409);
  });

  it('assess notes assumed shares when no content carries an activity', async () => {
    const { service } = setup();
    const { model } = await service.create(tenant, ada, MEASURED_BOX, 'r1');
    await service.addContent(
      tenant,
      ada,
      model.Uuid as string,
      { Kind: 'CYCLOTRON_PRODUCT', ContentId: 'p1', Nuclide: 'F-18' },
      'r2',
    );
    const { assessment, notes } = await service.assess(tenant, model.Uuid as string);
    expect(assessment).toMatchObject({ ContainerUuid: model.Uuid, SharesAssumed: true, SumOfRatios: 10 });
    expect(notes).toEqual([{ key: 'release.shares_assumed' }]);
  });

  it('history: one line per changed field, newest entry first, a window of it, writers by name', async () => {
    const { service, advance } = setup();
    const { model } = await service.create(tenant, ada, { Name: 'Box' }, 'r1');
    const uuid = model.Uuid as string;
    advance(60);
    await service.update(tenant, rpo, uuid, { Name: 'Crate', Weight: 3 }, undefined, 'r2');
    const all = await service.history(tenant, uuid, { offset: 0, limit: 100 });
    expect(all.items.slice(0, 2)).toEqual([
      {
        At: '2026-11-20 08:01:00',
        By: 'grace',
        ByName: 'Grace Hopper',
        Field: 'Name',
        OldValue: 'Box',
        NewValue: 'Crate',
        RequestId: 'r2',
      },
      {
        At: '2026-11-20 08:01:00',
        By: 'grace',
        ByName: 'Grace Hopper',
        Field: 'Weight',
        OldValue: null,
        NewValue: 3,
        RequestId: 'r2',
      },
    ]);
    expect(all.items.slice(2).every((l) => l.RequestId === 'r1' && l.ByName === 'Ada Lovelace')).toBe(true);
    const window = await service.history(tenant, uuid, { offset: 1, limit: 2 });
    expect([window.total, window.items]).toEqual([all.total, all.items.slice(1, 3)]);
  });
});
