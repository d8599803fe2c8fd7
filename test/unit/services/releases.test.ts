import { describe, expect, it } from 'vitest';
import { adoptIdentity, withRequestScope } from '../../../shared/replay';
import { registerService } from '../../../shared/services/releases';
import {
  ada,
  addDisposalNotice,
  decaying,
  grace,
  input,
  measure,
  ready,
  setup,
  tenant,
} from '../../support/memory/releasing';

describe('the register and its summary', () => {
  it(
    'lists the year of the facility only; sums the mass of each type and of each plant exactly, over the ' +
      "facility's calendar year",
    async () => {
      const s = setup();
      addDisposalNotice(s);
      const first = await ready(s, { name: 'First' });
      await s.releases.release(tenant, grace, first, input(s), 'r');
      const disposal = (type: 'SPECIFIC_LANDFILL' | 'SPECIFIC_INCINERATION', plant: string) => ({
        ...input(s, type, null, { plant }),
        noticeUuid: 'disposal',
      });
      for (const [name, type, plant] of [
        ['Second', 'SPECIFIC_LANDFILL', 'Deponie Nord'],
        ['Third', 'SPECIFIC_INCINERATION', 'MVA Süd'],
      ] as const) {
        const uuid = await decaying(s, { name, nuclide: 'I-131', activity: 8.7e4 });
        await s.containers.update(tenant, ada, uuid, { State: 'RELEASE_DATE_REACHED' }, undefined, 'r');
        measure(s, uuid, { nuclide: 'I-131', valueUsed: 8 });
        await s.releases.release(tenant, grace, uuid, disposal(type, plant), 'r');
      }
      s.at('2027-01-02T00:00:00Z');
      expect((await s.register.register(tenant, 2026)).map((r) => r.Name)).toEqual(['First', 'Second', 'Third']);
      expect(await s.register.register(tenant, 2027)).toEqual([]);
      expect(await s.register.register({ client: 'c1', facility: 'f2' }, 2026)).toEqual([]);
      expect(await s.register.summary(tenant, 2026)).toEqual({
        Client: 'c1',
        Facility: 'f1',
        Year: 2026,
        TimeZone: 'Europe/Berlin',
        From: '2025-12-31 23:00:00',
        Until: '2026-12-31 23:00:00',
        Releases: 3,
        TotalWeight: 30_000,
        ReleaseTypes: [
          { ReleaseType: 'UNRESTRICTED', Releases: 1, TotalWeight: 10_000 },
          { ReleaseType: 'SPECIFIC_LANDFILL', Releases: 1, TotalWeight: 10_000 },
          { ReleaseType: 'SPECIFIC_INCINERATION', Releases: 1, TotalWeight: 10_000 },
          { ReleaseType: 'INDIVIDUAL', Releases: 0, TotalWeight: 0 },
        ],
        DisposalPlants: [
          {
            ReleaseType: 'SPECIFIC_LANDFILL',
            Name: 'Deponie Nord',
            Address: 'Deponieweg 5, 12345 Musterstadt',
            Releases: 1,
            TotalWeight: 10_000,
          },
          {
            ReleaseType: 'SPECIFIC_INCINERATION',
            Name: 'MVA Süd',
            Address: 'Ofenstraße 2, 12345 Musterstadt',
            Releases: 1,
            TotalWeight: 10_000,
          },
        ],
      });
    },
  );
});

describe('a retry of a release', () => {
  it('whose first attempt was booked answers what that attempt noted: no second release, no 409', async () => {
    const s = setup();
    const uuid = await ready(s);
    let noted: unknown;
    const identity = { At: s.now().getTime(), RequestId: 'r', Nonce: '12'.repeat(16) };
    const attempt = () =>
      withRequestScope('r', async () => {
        adoptIdentity(identity, {
          noted,
          note: async (answer) => {
            noted = answer;
          },
        });
        return s.releases.release(tenant, grace, uuid, input(s), 'r');
      });
    const first = await attempt();
    expect(noted).toEqual(first);
    s.at('2026-11-21T08:05:00Z');
    expect(await attempt()).toEqual(first);
    expect(await s.register.register(tenant, 2026)).toHaveLength(1);
  });

  it('whose first attempt was not booked releases, once', async () => {
    const s = setup();
    const uuid = await ready(s);
    const identity = { At: s.now().getTime(), RequestId: 'r', Nonce: '34'.repeat(16) };
    const answer = await withRequestScope('r', async () => {
      // What a first attempt noted before a transaction that never went through.
      adoptIdentity(identity, { noted: { model: { ReleasedAt: '2026-11-21 07:59:00', ReleasedBy: 'grace' } } });
      return s.releases.release(tenant, grace, uuid, input(s), 'r');
    });
    expect(answer.model.ReleasedAt).toBe('2026-11-21 08:00:00');
    expect(await s.register.register(tenant, 2026)).toHaveLength(1);
  });
});

describe("the register's verification", () => {
  it('finds the chain valid; a locked object that is no line counts as missing, and is no error', async () => {
    const s = setup();
    const uuid = await ready(s);
    await s.releases.release(tenant, grace, uuid, input(s), 'r');
    const verifying = registerService(s.store.register, { timeZone: 'Europe/Berlin', records: s.files });
    expect(await verifying.verify(tenant, 2026)).toMatchObject({ Valid: true, Lines: 1, Objects: 1, Missing: [] });
    const key = [...s.files.objects.keys()].find((k) => k.includes('/register/'))!;
    s.files.objects.set(key, { ...s.files.objects.get(key)!, body: new TextEncoder().encode('not a line') });
    expect(await verifying.verify(tenant, 2026)).toMatchObject({
      Valid: false,
      Objects: 0,
      Missing: [{ ContainerUuid: uuid, Missing: 'object' }],
    });
  });
});
