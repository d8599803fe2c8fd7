/**
 * shared/data/container-reader.ts on DynamoDB Local: what the container store wrote, read alone: the container with
 * its links and its dispatch record, the writer's name, the audit entries newest first; nothing of another facility.
 * The container store answers the same.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { allFieldsAsChanges } from '../../shared/domain/container-audit';
import { createContainer, updateContainer } from '../../shared/domain/container-rules';
import { dynamoContainerReader } from '../../shared/data/container-reader';
import { dynamoContainerStore } from '../../shared/data/containers';
import { documentClient, runtime } from '../support/api';

const db = documentClient();
const tenant = { client: randomUUID(), facility: randomUUID() };
const write = (at: string) => ({ actor: { sub: 'person-1', name: 'Ada' }, at, requestId: randomUUID() });

describe('the container reader on DynamoDB Local', () => {
  it('reads a container, its links, dispatch, names and history as the store does, for its facility only', async () => {
    const store = dynamoContainerStore(db, runtime().tableName);
    const reader = dynamoContainerReader(db, runtime().tableName);
    const record = createContainer(tenant, randomUUID(), { Name: 'Box', Weight: 3 }, [], new Date());
    await store.create(record, allFieldsAsChanges(record, 'created'), write('2026-03-01 12:00:00'));
    await store.link(tenant, record.Uuid, { kind: 'CYCLOTRON_PRODUCT', id: 'p-1', nuclide: 'F-18' });
    const moved = updateContainer(record, { Name: 'Crate', State: 'DECAY' }, [], new Date());
    await store.update(record, moved.next, moved.changes, write('2026-03-01 12:05:00'), {
      kind: 'DISPATCH',
      id: 'd-1',
    });

    const view = await reader.load(tenant, record.Uuid, { consistent: true });
    expect(view).toEqual(await store.load(tenant, record.Uuid, { consistent: true }));
    expect([view?.record.Name, view?.record.State, view?.dispatchId]).toEqual(['Crate', 'DECAY', 'd-1']);
    expect(view?.links).toEqual([expect.objectContaining({ kind: 'CYCLOTRON_PRODUCT', id: 'p-1', nuclide: 'F-18' })]);
    expect(await reader.names(tenant.client, ['person-1'], { consistent: true })).toEqual(
      new Map([['person-1', 'Ada']]),
    );
    const history = await reader.history(tenant, record.Uuid);
    expect(history).toEqual(await store.history(tenant, record.Uuid));
    expect(history.map((e) => [e.at, e.action])).toEqual([
      ['2026-03-01 12:05:00', 'updated'],
      ['2026-03-01 12:00:00', 'created'],
    ]);
    expect(history[0]!.changes).toEqual(expect.arrayContaining([{ field: 'Name', old: 'Box', new: 'Crate' }]));
    const other = { ...tenant, facility: randomUUID() };
    expect(await reader.load(other, record.Uuid, { consistent: true })).toBeUndefined();
    expect(await reader.history(other, record.Uuid)).toEqual([]);
  });
});
