/**
 * shared/services/container-lifecycle.ts over the in-memory container store: wired alone, as the create and delete
 * functions wire it (functions/commons/containers.ts), a container is created OPEN with every field audited, answered
 * with its ETag and its writer by name, and deleted only while OPEN; the container service reads what it wrote.
 */
import { describe, expect, it } from 'vitest';
import { containerLifecycle } from '../../../shared/services/container-lifecycle';
import type { Writer } from '../../../shared/services/writes';
import { rejection } from '../../support/errors';
import { containerServiceSetup } from '../../support/memory/containers';

const tenant = { client: 'c1', facility: 'f1' };
const ada: Writer = { sub: 'ada', name: 'Ada Lovelace', roles: [] };
const clock = () => new Date('2026-11-20T08:00:00Z');

describe('containerLifecycle', () => {
  it('creates a container OPEN, audited, answered as the service loads it', async () => {
    const { store, service } = containerServiceSetup();
    const created = await containerLifecycle(store, clock).create(
      tenant,
      ada,
      { Name: 'Box', MeasuredBy: 'ada' },
      'r1',
    );
    const uuid = created.model.Uuid as string;
    expect([created.model.State, created.model.MeasuredByName, created.etag]).toEqual([
      'OPEN',
      'Ada Lovelace',
      `"${uuid}.1"`,
    ]);
    expect((await service.load(tenant, uuid)).model).toEqual(created.model);
    const history = await service.history(tenant, uuid, { offset: 0, limit: 100 });
    expect(history.items.find((l) => l.Field === 'Name')).toMatchObject({
      NewValue: 'Box',
      By: 'ada',
      RequestId: 'r1',
    });
  });

  it('deletes an OPEN container, answered as it was; refuses one in DECAY (409) and a missing one (404)', async () => {
    const { store, service } = containerServiceSetup();
    const lifecycle = containerLifecycle(store, clock);
    const open = await lifecycle.create(tenant, ada, { Name: 'Box' }, 'r1');
    expect((await lifecycle.remove(tenant, ada, open.model.Uuid as string, 'r2')).model.Name).toBe('Box');
    expect((await rejection(service.load(tenant, open.model.Uuid as string))).statusCode).toBe(404);
    const decaying = await lifecycle.create(tenant, ada, { Name: 'Decaying' }, 'r3');
    await service.update(tenant, ada, decaying.model.Uuid as string, { State: 'DECAY' }, undefined, 'r4');
    const refused = await rejection(lifecycle.remove(tenant, ada, decaying.model.Uuid as string, 'r5'));
    expect(refused.statusCode).toBe(409);
    const missing = await rejection(lifecycle.remove(tenant, ada, 'no-such-container', 'r6'));
    expect([missing.statusCode, missing.notification.key]).toEqual([404, 'container.not_found']);
  });
});
