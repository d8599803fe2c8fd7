/**
 * shared/services/release-sweep.ts over the in-memory container store: due containers move when the gate lets them,
 * the others stay with their date predicted again, a container changed meanwhile is left alone.
 */
import { describe, expect, it } from 'vitest';
import type { ContainerStore } from '../../../shared/data/container-store';
import { ConditionFailedError } from '../../../shared/data/transact';
import { DEFAULT_REGIME } from '../../../shared/domain/regimes';
import { containerService } from '../../../shared/services/containers';
import type { Writer } from '../../../shared/services/writes';
import { releaseSweep } from '../../../shared/services/release-sweep';
import { memoryContainerStore } from '../../support/memory/containers';

const tenant = { client: 'c1', facility: 'f1' };
const ada: Writer = { sub: 'ada', name: 'Ada Lovelace', roles: [] };
const T0 = '2026-11-20 08:00:00';

function setup(store: ContainerStore = memoryContainerStore()) {
  let now = new Date('2026-11-20T08:00:00Z');
  const clock = () => now;
  return {
    store,
    service: containerService(store, { clock }),
    sweep: releaseSweep(store, { clock }),
    advance: (seconds: number) => {
      now = new Date(now.getTime() + seconds * 1000);
    },
  };
}

describe('releaseSweep.releaseDue', () => {
  /** A container in DECAY measured at T0 with F-18 (cleared at 14:04:39 at 1 MBq in 10 kg), its date given. */
  const decaying = async (
    service: ReturnType<typeof setup>['service'],
    name: string,
    activity: number,
    date: string | null,
  ) => {
    const { model } = await service.create(
      tenant,
      ada,
      { Name: name, Weight: 10_000, MeasurementActivity: activity, MeasurementDate: T0 },
      'r',
    );
    const uuid = model.Uuid as string;
    await service.addContent(tenant, ada, uuid, { Kind: 'CYCLOTRON_PRODUCT', ContentId: 'p1', Nuclide: 'F-18' }, 'r');
    await service.update(tenant, ada, uuid, { State: 'DECAY', ReleaseDateTime: date }, undefined, 'r');
    return uuid;
  };

  it("reads a facility's regime once a run, however many of its containers are due", async () => {
    const { store, service, advance } = setup();
    await decaying(service, 'first', 1_000_000, '2026-11-20 15:00:00');
    await decaying(service, 'second', 1_000_000, '2026-11-20 15:30:00');
    advance(8 * 3600);
    let reads = 0;
    const rules = async () => {
      reads += 1;
      return { regime: DEFAULT_REGIME };
    };
    const sweep = releaseSweep(store, { clock: () => new Date('2026-11-20T16:00:00Z'), rules });
    expect(await sweep.releaseDue('sweep-1')).toEqual({ due: 2, moved: 2, notCleared: [] });
    expect(reads).toBe(1);
  });

  it('moves every due, cleared DECAY container to RELEASE_DATE_REACHED as the service; leaves the rest', async () => {
    const { service, sweep, advance } = setup();
    const due = await decaying(service, 'due', 1_000_000, '2026-11-20 15:00:00');
    const later = await decaying(service, 'later', 1_000_000, '2026-11-21 00:00:00');
    const undated = await decaying(service, 'undated', 1_000_000, null);
    advance(8 * 3600);
    expect(await sweep.releaseDue('sweep-1')).toEqual({ due: 1, moved: 1, notCleared: [] });
    expect((await service.load(tenant, due)).model.State).toBe('RELEASE_DATE_REACHED');
    expect((await service.load(tenant, later)).model.State).toBe('DECAY');
    expect((await service.load(tenant, undated)).model.State).toBe('DECAY');
    expect((await service.history(tenant, due, { offset: 0, limit: 1 })).items[0]).toMatchObject({
      By: 'service',
      ByName: 'Service',
      Field: 'State',
      NewValue: 'RELEASE_DATE_REACHED',
      RequestId: 'sweep-1',
    });
    expect(await sweep.releaseDue('sweep-2')).toEqual({ due: 0, moved: 0, notCleared: [] });
  });

  it('the gate: one not cleared stays in DECAY, its date predicted again, and is not found again', async () => {
    const store = memoryContainerStore();
    const { service, sweep, advance } = setup(store);
    const uuid = await decaying(service, 'remeasured', 1_000_000, '2026-11-20 15:00:00');
    // Re-measured at 100 times the activity straight in the store (as data imported or older versions left it).
    const { record } = (await store.load(tenant, uuid, { consistent: true }))!;
    await store.update(
      record,
      { ...record, MeasurementActivity: 1e8, Version: record.Version + 1 },
      [{ field: 'MeasurementActivity', old: 1e6, new: 1e8 }],
      { actor: { sub: 'other', name: undefined }, at: T0, requestId: 'r' },
    );
    advance(8 * 3600);
    const result = await sweep.releaseDue('sweep-1');
    expect(result).toMatchObject({
      due: 1,
      moved: 0,
      notCleared: [{ uuid, reason: 'sum of ratios 48.27' }],
    });
    const { model } = await service.load(tenant, uuid);
    expect([model.State, model.ReleaseDateTime]).toEqual(['DECAY', '2026-11-21 02:13:57']);
    expect(await sweep.releaseDue('sweep-2')).toEqual({ due: 0, moved: 0, notCleared: [] });
  });

  it('leaves alone a container that changed between its read and its write', async () => {
    const store = memoryContainerStore();
    const { service, advance } = setup(store);
    const uuid = await decaying(service, 'Box', 1_000, T0);
    advance(60);
    const lost: ContainerStore = {
      ...store,
      update: async () => {
        throw new ConditionFailedError(['ConditionalCheckFailed']);
      },
    };
    const later = releaseSweep(lost, { clock: () => new Date('2026-11-20T08:01:00Z') });
    expect(await later.releaseDue('sweep')).toEqual({ due: 1, moved: 0, notCleared: [] });
    expect((await service.load(tenant, uuid)).model.State).toBe('DECAY');
  });
});
