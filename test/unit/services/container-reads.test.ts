/**
 * shared/services/container-reads.ts over the in-memory container store: wired alone, as the reading functions wire
 * it (functions/commons/container-reads.ts), a container and its history answer as the container service answers
 * them, for the container's tenant only; a container in DECAY without a predictable date says why.
 */
import { describe, expect, it } from 'vitest';
import { containerReads } from '../../../shared/services/container-reads';
import type { Writer } from '../../../shared/services/writes';
import { rejection } from '../../support/errors';
import { containerServiceSetup } from '../../support/memory/containers';

const tenant = { client: 'c1', facility: 'f1' };
const ada: Writer = { sub: 'ada', name: 'Ada Lovelace', roles: [] };

describe('containerReads', () => {
  it('loads a container and its history as the service does, and for its tenant only', async () => {
    const { store, service, advance } = containerServiceSetup();
    const { model } = await service.create(tenant, ada, { Name: 'Box', MeasuredBy: 'ada' }, 'r1');
    const uuid = model.Uuid as string;
    advance(60);
    await service.update(tenant, ada, uuid, { Name: 'Crate' }, undefined, 'r2');
    const reads = containerReads(store, () => new Date('2026-11-20T08:01:00Z'));
    const loaded = await reads.load(tenant, uuid);
    expect(loaded).toEqual(await service.load(tenant, uuid));
    expect([loaded.model.Name, loaded.model.MeasuredByName, loaded.etag]).toEqual([
      'Crate',
      'Ada Lovelace',
      `"${uuid}.2"`,
    ]);
    const window = { offset: 0, limit: 2 };
    const history = await reads.history(tenant, uuid, window);
    expect(history).toEqual(await service.history(tenant, uuid, window));
    expect(history.items[0]).toMatchObject({
      Field: 'Name',
      OldValue: 'Box',
      NewValue: 'Crate',
      ByName: 'Ada Lovelace',
    });
    const other = { client: 'c1', facility: 'f2' };
    for (const refused of [reads.load(other, uuid), reads.history(other, uuid, window)]) {
      const error = await rejection(refused);
      expect([error.statusCode, error.notification.key]).toEqual([404, 'container.not_found']);
    }
  });

  it('notes why a container in DECAY has no predictable release date', async () => {
    const { store, service } = containerServiceSetup();
    const { model } = await service.create(tenant, ada, { Name: 'Box' }, 'r1');
    const uuid = model.Uuid as string;
    await service.addContent(tenant, ada, uuid, { Kind: 'CYCLOTRON_PRODUCT', ContentId: 'p1', Nuclide: 'F-18' }, 'r');
    await service.update(tenant, ada, uuid, { State: 'DECAY' }, undefined, 'r');
    const { notes } = await containerReads(store).load(tenant, uuid);
    expect(notes).toEqual([{ key: 'release.not_predictable', params: { reason: expect.any(String) } }]);
  });
});
