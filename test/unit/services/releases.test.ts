/**
 * shared/services/releases.ts over the in-memory stores (test/support/memory/): the release act's gate and
 * roles, what it writes beside the container (its record document, its register line, the locked file),
 * the register and its summary.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ReleaseRecordContent } from '../../../shared/domain/release-record';
import { containerService, type Writer } from '../../../shared/services/containers';
import { registerService, releaseAct, releaseService } from '../../../shared/services/releases';
import { rejection } from '../../support/errors';
import { memoryContainerStore } from '../../support/memory/containers';
import { memoryFileStorage } from '../../support/memory/files';

const tenant = { client: 'c1', facility: 'f1' };
const ada: Writer = { sub: 'ada', name: 'Ada Lovelace', roles: [] };
const grace: Writer = { sub: 'grace', name: 'Grace Hopper', roles: ['rpo'] };
const T0 = '2026-11-20 08:00:00';

function setup() {
  const store = memoryContainerStore();
  const files = memoryFileStorage();
  let now = new Date('2026-11-20T08:00:00Z');
  const clock = () => now;
  const rendered: ReleaseRecordContent[] = [];
  const act = releaseAct(store, {
    records: files,
    lockMode: 'COMPLIANCE',
    render: async (content) => {
      rendered.push(content);
      return new TextEncoder().encode(`%PDF ${content.subtitle}`);
    },
  });
  return {
    store,
    files,
    rendered,
    containers: containerService(store, clock, act),
    releases: releaseService(store, act, clock),
    register: registerService(store.register),
    at: (iso: string) => {
      now = new Date(iso);
    },
  };
}

/** A container of 10 kg measured at T0 with F-18 (`activity` Bq), moved to DECAY. */
async function decaying(s: ReturnType<typeof setup>, activity = 1_000_000, name = 'Box 7') {
  const { model } = await s.containers.create(
    tenant,
    ada,
    { Name: name, Weight: 10_000, MeasurementActivity: activity, MeasurementDate: T0, MeasuredBy: 'ada' },
    'r',
  );
  const uuid = model.Uuid as string;
  await s.containers.addContent(
    tenant,
    ada,
    uuid,
    { Kind: 'CYCLOTRON_PRODUCT', ContentId: 'p1', Nuclide: 'F-18', Activity: activity, ActivityDateTime: T0 },
    'r',
  );
  await s.containers.update(tenant, ada, uuid, { State: 'DECAY' }, undefined, 'r');
  return uuid;
}

describe('releaseService.release', () => {
  it('releases a cleared container in RELEASE_DATE_REACHED: record, register line, locked file', async () => {
    const s = setup();
    const uuid = await decaying(s);
    s.at('2026-11-20T15:00:00Z');
    await s.containers.update(tenant, ada, uuid, { State: 'RELEASE_DATE_REACHED' }, undefined, 'r');
    const { model, etag, notes } = await s.releases.release(tenant, grace, uuid, null, 'req-1');
    expect(model).toMatchObject({
      ContainerUuid: uuid,
      ReleasedAt: '2026-11-20 15:00:00',
      ReleasedBy: 'grace',
      ReleasedByName: 'Grace Hopper',
      Justification: null,
      Assessment: { ContainerUuid: uuid, ClearanceReached: true },
    });
    expect(notes).toEqual([]);
    const document = s.store.documents.get(model.RecordDocumentUuid)!;
    expect(document).toMatchObject({
      Scope: 'RECORD',
      ScopeReference: uuid,
      Filename: 'Freigabeprotokoll Box 7 2026-11-20.pdf',
      KeptUntil: '2056-11-20 15:00:00',
      File: { ContentType: 'application/pdf' },
    });
    const file = s.files.objects.get(document.File!.Key)!;
    expect(createHash('sha256').update(file.body).digest('hex')).toBe(model.Sha256);
    expect(file.retention).toEqual({
      mode: 'COMPLIANCE',
      until: new Date('2056-11-20T15:00:00Z'),
      sha256: model.Sha256,
    });
    const loaded = await s.containers.load(tenant, uuid);
    expect(loaded.etag).toBe(etag);
    expect(loaded.model).toMatchObject({
      IsReleasedByRadiationProtectionOfficer: true,
      ReleasedByRadiationProtectionOfficer: 'grace',
      ReleasedByRadiationProtectionOfficerDateTime: '2026-11-20 15:00:00',
      ReleasedByRadiationProtectionOfficerName: 'Grace Hopper',
    });
    expect(await s.register.register(tenant, 2026)).toEqual([
      {
        ContainerUuid: uuid,
        Name: 'Box 7',
        ReleasedAt: '2026-11-20 15:00:00',
        ReleasedBy: 'grace',
        ReleasedByName: 'Grace Hopper',
        Weight: 10_000,
        SumOfRatios: model.Assessment.SumOfRatios,
        Nuclides: [{ Nuclide: 'F-18', SpecificActivityBqPerG: model.Assessment.Nuclides[0]!.SpecificActivityBqPerG }],
        MeasurementMethod: 'GROSS_ACTIVITY_PER_MASS',
        ReleaseType: 'UNRESTRICTED',
        Justification: null,
        RecordDocumentUuid: model.RecordDocumentUuid,
      },
    ]);
    const history = (await s.containers.history(tenant, uuid, { offset: 0, limit: 50 })).items;
    expect(history.filter((l) => l.RequestId === 'req-1').map((l) => l.Field)).toEqual([
      'IsReleasedByRadiationProtectionOfficer',
      'ReleasedByRadiationProtectionOfficerDateTime',
      'ReleasedByRadiationProtectionOfficer',
      'ReleaseRecord',
    ]);
  });

  it('without a Justification: 409 in DECAY, 409 when not cleared (sum named)', async () => {
    const s = setup();
    const uuid = await decaying(s);
    const inDecay = await rejection(s.releases.release(tenant, grace, uuid, null, 'r'));
    expect([inDecay.statusCode, inDecay.notification]).toEqual([
      409,
      { key: 'container.release_state', params: { state: 'DECAY' } },
    ]);
    expect(s.files.objects.size).toBe(0);
  });

  it('with a Justification: from DECAY, not cleared, on record, warned; a second release is 409', async () => {
    const s = setup();
    const uuid = await decaying(s);
    const justification = 'Measured again by hand below the levels; the prediction is conservative.';
    const { model, notes } = await s.releases.release(tenant, grace, uuid, justification, 'r');
    expect(model.Justification).toBe(justification);
    expect(notes).toEqual([{ key: 'release.clearance_not_reached', params: { reason: 'sum of ratios 10' } }]);
    // Released from DECAY, the container moves on to RELEASE_DATE_REACHED.
    expect((await s.containers.load(tenant, uuid)).model.State).toBe('RELEASE_DATE_REACHED');
    const lines = (await s.containers.history(tenant, uuid, { offset: 0, limit: 50 })).items;
    expect(lines.find((l) => l.Field === 'Justification')).toMatchObject({ NewValue: justification, By: 'grace' });
    const again = await rejection(s.releases.release(tenant, grace, uuid, justification, 'r'));
    expect(again.notification).toEqual({ key: 'container.already_released', params: { at: '2026-11-20 08:00:00' } });
    expect(s.rendered).toHaveLength(1);
  });

  it("404 for another tenant's container, and nothing is rendered or stored", async () => {
    const s = setup();
    const uuid = await decaying(s);
    const error = await rejection(s.releases.release({ client: 'c1', facility: 'f2' }, grace, uuid, null, 'r'));
    expect(error.statusCode).toBe(404);
    expect([s.rendered.length, s.files.objects.size]).toEqual([0, 0]);
  });
});

describe('releaseService.register and summary', () => {
  it('lists the year of the facility only; sums the mass per type of release', async () => {
    const s = setup();
    const first = await decaying(s, 1_000_000, 'First');
    const second = await decaying(s, 1_000_000, 'Second');
    await s.releases.release(tenant, grace, first, 'A decision on record, for the test.', 'r');
    s.at('2027-01-02T00:00:00Z');
    await s.releases.release(tenant, grace, second, 'A decision on record, for the test.', 'r');
    expect((await s.register.register(tenant, 2026)).map((r) => r.Name)).toEqual(['First']);
    expect((await s.register.register(tenant, 2027)).map((r) => r.Name)).toEqual(['Second']);
    expect(await s.register.register({ client: 'c1', facility: 'f2' }, 2026)).toEqual([]);
    expect(await s.register.summary(tenant, 2026)).toEqual({
      Client: 'c1',
      Facility: 'f1',
      Year: 2026,
      Releases: 1,
      TotalWeight: 10_000,
      ReleaseTypes: [{ ReleaseType: 'UNRESTRICTED', Releases: 1, TotalWeight: 10_000 }],
    });
  });
});
