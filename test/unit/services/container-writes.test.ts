/** shared/services/container-writes.ts: what a container write records of its caller, and a read that is 404. */
import { describe, expect, it } from 'vitest';
import { createContainer } from '../../../shared/domain/container-rules';
import { loadOrNotFound, writeContext } from '../../../shared/services/container-writes';
import { rejection } from '../../support/errors';
import { memoryContainerStore } from '../../support/memory/containers';

const tenant = { client: 'c1', facility: 'f1' };
const now = new Date('2026-11-20T08:00:00.250Z');

describe('a container write', () => {
  it("records who wrote (not their roles), at the server's time to the second, under which request", () => {
    expect(writeContext({ sub: 'ada', name: 'Ada Lovelace', roles: ['rpo'] }, now, 'req-1')).toEqual({
      actor: { sub: 'ada', name: 'Ada Lovelace' },
      at: '2026-11-20 08:00:00',
      requestId: 'req-1',
    });
  });

  it("reads the tenant's container, or answers 404 container.not_found, also for another facility's", async () => {
    const store = memoryContainerStore();
    const record = createContainer(tenant, 'box', { Name: 'Box' }, [], now);
    await store.create(record, [], writeContext({ sub: 'ada', name: undefined, roles: [] }, now, 'r'));
    expect((await loadOrNotFound(store, tenant, 'box', true)).record.Name).toBe('Box');
    for (const [where, uuid] of [
      [tenant, 'other'],
      [{ client: 'c1', facility: 'f2' }, 'box'],
    ] as const) {
      const error = await rejection(loadOrNotFound(store, where, uuid, true));
      expect([error.statusCode, error.notification.key]).toEqual([404, 'container.not_found']);
    }
  });
});
