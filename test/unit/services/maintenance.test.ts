/**
 * shared/services/maintenance.ts over the in-memory maintenance store (test/support/memory/): the
 * report scoped by the token (its tenants, or every tenant for role reporter), the find cap, pages,
 * names, and entry writes under a lost race.
 */
import { describe, expect, it } from 'vitest';
import type { Caller } from '../../../shared/auth/claims';
import type { MaintenanceStore } from '../../../shared/data/maintenance';
import { createEntry } from '../../../shared/domain/maintenance';
import { maintenanceService, REPORT_FIND_CAP, tenantsOf } from '../../../shared/services/maintenance';
import { rejection } from '../../support/errors';
import { memoryMaintenanceStore } from '../../support/memory/maintenance';

const now = new Date('2026-11-20T08:00:00Z');
const ada = { sub: 'ada', name: 'Ada Lovelace', roles: [] };
const caller = (change: Partial<Caller> = {}): Caller => ({
  sub: 'ada',
  name: 'Ada Lovelace',
  clients: ['c1'],
  facilities: ['f1'],
  roles: [],
  exp: 0,
  ...change,
});
const incident = (day: number) => ({
  IncidentTitle: `t${day}`,
  IncidentCause: 'cause',
  IncidentDateStart: `2026-11-${String(day).padStart(2, '0')} 08:00:00`,
});

/** One entry per day given, in the facility `client`/`facility`. */
async function seed(store: MaintenanceStore, client: string, facility: string, days: number[]) {
  for (const day of days)
    await store.create(
      createEntry({ client, facility }, `${client}-${facility}-${day}`, incident(day), 'ada', now),
      ada,
    );
}

describe('tenantsOf', () => {
  it("is every pair of the token's clients and facilities", () => {
    expect(tenantsOf(caller({ clients: ['c1', 'c2'], facilities: ['f1', 'f2'] }))).toEqual([
      { client: 'c1', facility: 'f1' },
      { client: 'c1', facility: 'f2' },
      { client: 'c2', facility: 'f1' },
      { client: 'c2', facility: 'f2' },
    ]);
    expect(tenantsOf(caller({ facilities: [] }))).toEqual([]);
  });
});

describe('maintenanceService report', () => {
  async function threeFacilities() {
    const store = memoryMaintenanceStore();
    await seed(store, 'c1', 'f1', [1, 4, 7]);
    await seed(store, 'c1', 'f2', [2, 5]);
    await seed(store, 'c2', 'f9', [3, 6]);
    return { store, service: maintenanceService(store, { pageSize: 2, clock: () => now }) };
  }
  const days = (items: { IncidentDateStart: unknown }[]) =>
    items.map((i) => Number(String(i.IncidentDateStart).slice(8, 10)));

  it("find answers the token's facilities only, merged newest first, with their total", async () => {
    const { service } = await threeFacilities();
    expect(days((await service.find(caller())).items)).toEqual([7, 4, 1]);
    const two = await service.find(caller({ facilities: ['f1', 'f2'] }));
    expect([days(two.items), two.total, two.truncated]).toEqual([[7, 5, 4, 2, 1], 5, false]);
    expect((await service.find(caller({ clients: ['c3'] }))).total).toBe(0);
  });

  it('find for role reporter answers every tenant', async () => {
    const { service } = await threeFacilities();
    const all = await service.find(caller({ clients: [], facilities: [], roles: ['reporter'] }));
    expect([days(all.items), all.total]).toEqual([[7, 6, 5, 4, 3, 2, 1], 7]);
  });

  it(`find stops at ${REPORT_FIND_CAP} entries and says there are more`, async () => {
    const store = memoryMaintenanceStore();
    for (let i = 0; i <= REPORT_FIND_CAP; i++)
      await store.create(
        createEntry({ client: 'c1', facility: 'f1' }, `e${String(i).padStart(4, '0')}`, incident(1), 'ada', now),
        ada,
      );
    const found = await maintenanceService(store, { pageSize: 100, clock: () => now }).find(caller());
    expect([found.items.length, found.total, found.truncated]).toEqual([REPORT_FIND_CAP, REPORT_FIND_CAP + 1, true]);
  });

  it('page n: for a token merged over its facilities, for role reporter over all; past the end empty', async () => {
    const { service } = await threeFacilities();
    const mine = caller({ facilities: ['f1', 'f2'] });
    expect(days((await service.page(mine, 2)).items)).toEqual([4, 2]);
    expect(await service.page(mine, 3)).toMatchObject({ total: 5 });
    expect(days((await service.page(mine, 3)).items)).toEqual([1]);
    expect((await service.page(mine, 4)).items).toEqual([]);
    const reporter = caller({ clients: [], facilities: [], roles: ['reporter'] });
    expect(await service.page(reporter, 2)).toMatchObject({ total: 7 });
    expect(days((await service.page(reporter, 2)).items)).toEqual([5, 4]);
  });
});

describe('maintenanceService writes', () => {
  it('create answers the entry with the names of reporter, solver and device from the directory', async () => {
    const store = memoryMaintenanceStore();
    store.nameDevice('c1', 'dev-1', 'Gamma camera 2');
    await store.create(createEntry({ client: 'c1', facility: 'f1' }, 'earlier', incident(1), 'grace', now), {
      sub: 'grace',
      name: 'Grace Hopper',
    });
    const service = maintenanceService(store, { pageSize: 10, clock: () => now });
    const model = await service.create({ client: 'c1', facility: 'f1' }, ada, {
      ...incident(2),
      Device: 'dev-1',
      Solver: 'grace',
    });
    expect(model).toMatchObject({
      Reporter: 'ada',
      ReporterName: 'Ada Lovelace',
      Solver: 'grace',
      SolverName: 'Grace Hopper',
      Device: 'dev-1',
      DeviceName: 'Gamma camera 2',
      State: 'ONGOING',
    });
    expect(
      (await service.create({ client: 'c2', facility: 'f1' }, ada, { ...incident(3), Device: 'dev-1' })).DeviceName,
    ).toBeNull();
  });

  it(
    'update re-applies after losing a race, writes nothing when nothing changes, and is 404 for an unknown ' + 'entry',
    async () => {
      const memory = memoryMaintenanceStore();
      await seed(memory, 'c1', 'f1', [1]);
      const tenant = { client: 'c1', facility: 'f1' };
      let raced = false;
      const store: MaintenanceStore = {
        ...memory,
        async update(previous, next, actor) {
          if (!raced) {
            raced = true;
            await memory.update(
              previous,
              { ...previous, IncidentCause: 'changed meanwhile', Version: previous.Version + 1 },
              actor,
            );
          }
          return memory.update(previous, next, actor);
        },
      };
      const service = maintenanceService(store, { pageSize: 10, clock: () => now });
      expect(await service.update(tenant, ada, 'c1-f1-1', { IncidentTitle: 'renamed' })).toMatchObject({
        IncidentTitle: 'renamed',
        IncidentCause: 'changed meanwhile',
      });
      expect((await memory.get(tenant, 'c1-f1-1'))!.Version).toBe(3);
      await service.update(tenant, ada, 'c1-f1-1', { IncidentTitle: 'renamed' });
      expect((await memory.get(tenant, 'c1-f1-1'))!.Version).toBe(3);
      const error = await rejection(service.update(tenant, ada, 'no-such-entry', { IncidentTitle: 'x' }));
      expect([error.statusCode, error.notification.key]).toEqual([404, 'maintenance.not_found']);
      expect(
        (await rejection(service.update({ ...tenant, facility: 'f2' }, ada, 'c1-f1-1', { IncidentTitle: 'x' })))
          .statusCode,
      ).toBe(404);
    },
  );

  it('refuses an entry set SOLVED without its solution, end and solver (400, one detail each)', async () => {
    const store = memoryMaintenanceStore();
    await seed(store, 'c1', 'f1', [1]);
    const error = await rejection(
      maintenanceService(store, { pageSize: 10, clock: () => now }).update(
        { client: 'c1', facility: 'f1' },
        ada,
        'c1-f1-1',
        {
          State: 'SOLVED',
        },
      ),
    );
    expect(error.statusCode).toBe(400);
    expect(error.notification.details?.map((d) => d.params?.field)).toEqual([
      'IncidentSolution',
      'IncidentDateEnd',
      'Solver',
    ]);
  });
});
