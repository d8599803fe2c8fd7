import { describe, expect, it } from 'vitest';
import { adoptIdentity, withRequestScope } from '../../../shared/replay';
import { registerService } from '../../../shared/services/releases';
import { noticeFixture } from '../../support/memory/release-sources';
import { ada, decaying, grace, input, measure, ready, setup, tenant } from '../../support/memory/releasing';

describe('the register and its summary', () => {
  it('lists the year of the facility only; sums the mass of each type exactly', async () => {
    const s = setup();
    s.sources.addNotice(noticeFixture(tenant, { Uuid: 'disposal', ReleaseTypes: ['SPECIFIC_DISPOSAL'] }));
    const first = await ready(s, { name: 'First' });
    await s.releases.release(tenant, grace, first, input(s), 'r');
    const second = await decaying(s, { name: 'Second', nuclide: 'I-131', activity: 100 });
    await s.containers.update(tenant, ada, second, { State: 'RELEASE_DATE_REACHED' }, undefined, 'r');
    measure(s, second, { nuclide: 'I-131', valueUsed: 20 });
    await s.releases.release(tenant, grace, second, { ...input(s, 'SPECIFIC_DISPOSAL'), noticeUuid: 'disposal' }, 'r');
    s.at('2027-01-02T00:00:00Z');
    expect((await s.register.register(tenant, 2026)).map((r) => r.Name)).toEqual(['First', 'Second']);
    expect(await s.register.register(tenant, 2027)).toEqual([]);
    expect(await s.register.register({ client: 'c1', facility: 'f2' }, 2026)).toEqual([]);
    expect(await s.register.summary(tenant, 2026)).toEqual({
      Client: 'c1',
      Facility: 'f1',
      Year: 2026,
      Releases: 2,
      TotalWeight: 20_000,
      ReleaseTypes: [
        { ReleaseType: 'UNRESTRICTED', Releases: 1, TotalWeight: 10_000 },
        { ReleaseType: 'SPECIFIC_DISPOSAL', Releases: 1, TotalWeight: 10_000 },
        { ReleaseType: 'INDIVIDUAL', Releases: 0, TotalWeight: 0 },
      ],
    });
  });
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
    const verifying = registerService(s.store.register, s.files);
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
