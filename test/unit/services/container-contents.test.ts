/**
 * shared/services/container-contents.ts over the in-memory container store (test/support/memory/), reached as the
 * container service reaches it: a container's contents listed, added (audited, the ETag moves) and removed.
 */
import { describe, expect, it } from 'vitest';
import { adoptIdentity, withRequestScope } from '../../../shared/replay';
import type { Writer } from '../../../shared/services/writes';
import { rejection } from '../../support/errors';
import { containerServiceSetup } from '../../support/memory/containers';

const tenant = { client: 'c1', facility: 'f1' };
const ada: Writer = { sub: 'ada', name: 'Ada Lovelace', roles: [] };
const T0 = '2026-11-20 08:00:00';

const setup = containerServiceSetup;

describe('container contents', () => {
  it('adds a content (the ETag moves), lists it, refuses a duplicate, removes it', async () => {
    const { service } = setup();
    const { model, etag } = await service.create(tenant, ada, { Name: 'Box' }, 'r1');
    const uuid = model.Uuid as string;
    const added = await service.addContent(
      tenant,
      ada,
      uuid,
      { Kind: 'CYCLOTRON_PRODUCT', ContentId: 'p1', Nuclide: 'F-18', Activity: 5, ActivityDateTime: T0 },
      'r2',
    );
    expect(added.content).toMatchObject({
      Kind: 'CYCLOTRON_PRODUCT',
      ContentId: 'p1',
      Nuclide: 'F-18',
      Activity: 5,
      ActivityDateTime: T0,
      CreatedBy: 'ada',
      Uuid: expect.any(String),
    });
    expect(added.etag).not.toBe(etag);
    expect((await service.load(tenant, uuid)).etag).toBe(added.etag);
    expect(await service.contents(tenant, uuid)).toEqual({ items: [added.content], total: 1 });
    const duplicate = await rejection(
      service.addContent(tenant, ada, uuid, { Kind: 'GENERATOR_ELUAT', ContentId: 'p1', Nuclide: 'I-131' }, 'r3'),
    );
    expect([duplicate.statusCode, duplicate.notification.key]).toEqual([409, 'container.content_duplicate']);
    await service.removeContent(tenant, ada, uuid, added.content.Uuid!, 'r4');
    expect((await service.contents(tenant, uuid)).total).toBe(0);
    expect(
      (await rejection(service.removeContent(tenant, ada, uuid, added.content.Uuid!, 'r5'))).notification.key,
    ).toBe('container.content_not_found');
  });

  it('answers a retry whose first attempt added the content (same identity) with that content, not 409', async () => {
    const { service } = setup();
    const uuid = (await service.create(tenant, ada, { Name: 'Box' }, 'r1')).model.Uuid as string;
    const identity = { At: Date.parse('2026-11-20T08:00:00Z'), RequestId: 'r2', Nonce: 'cd'.repeat(16) };
    const attempt = () =>
      withRequestScope('r2', async () => {
        adoptIdentity(identity);
        return service.addContent(
          tenant,
          ada,
          uuid,
          { Kind: 'CYCLOTRON_PRODUCT', ContentId: 'p1', Nuclide: 'F-18' },
          'r2',
        );
      });
    const first = await attempt();
    const retry = await attempt();
    expect(retry).toEqual(first);
    expect((await service.contents(tenant, uuid)).total).toBe(1);
    // Another request adding the same content is still refused.
    const other = await rejection(
      service.addContent(tenant, ada, uuid, { Kind: 'CYCLOTRON_PRODUCT', ContentId: 'p1', Nuclide: 'F-18' }, 'r3'),
    );
    expect(other.notification.key).toBe('container.content_duplicate');
  });

  it('refuses an Activity without its ActivityDateTime with 400, before reading anything', async () => {
    const { service } = setup();
    const error = await rejection(
      service.addContent(
        tenant,
        ada,
        'no-such-container',
        { Kind: 'CYCLOTRON_PRODUCT', ContentId: 'p1', Nuclide: 'F-18', Activity: 5 },
        'r1',
      ),
    );
    expect(error.statusCode).toBe(400);
    expect(error.notification.details).toEqual([
      { key: 'detail.required_with', params: { field: 'ActivityDateTime', other: 'Activity' } },
    ]);
  });

  it('keeps the contents of a container no longer OPEN (409 contents_locked)', async () => {
    const { service } = setup();
    const { model } = await service.create(tenant, ada, { Name: 'Box' }, 'r1');
    const { content } = await service.addContent(
      tenant,
      ada,
      model.Uuid as string,
      { Kind: 'CYCLOTRON_PRODUCT', ContentId: 'p1', Nuclide: 'F-18' },
      'r2',
    );
    await service.update(tenant, ada, model.Uuid as string, { State: 'DECAY' }, undefined, 'r3');
    const error = await rejection(service.removeContent(tenant, ada, model.Uuid as string, content.Uuid!, 'r4'));
    expect([error.statusCode, error.notification.key]).toEqual([409, 'container.contents_locked']);
    expect((await service.contents(tenant, model.Uuid as string)).total).toBe(1);
  });
});
