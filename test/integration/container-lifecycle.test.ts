/**
 * shared/data/container-lifecycle.ts on DynamoDB Local: a container created and deleted by the lifecycle's writes
 * alone: the container, its writer's name and its audit entries as the container store reads them; a delete only
 * while the version is unchanged, with its links; nothing of another facility touched.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { allFieldsAsChanges } from '../../shared/domain/container-audit';
import { createContainer } from '../../shared/domain/container-rules';
import { dynamoContainerLifecycle } from '../../shared/data/container-lifecycle';
import { dynamoContainerStore } from '../../shared/data/containers';
import { SERVICE_ACTOR } from '../../shared/data/container-store';
import type { Actor } from '../../shared/data/persons';
import { ConditionFailedError } from '../../shared/data/transact';
import { documentClient, runtime } from '../support/api';

const db = documentClient();
const tenant = { client: randomUUID(), facility: randomUUID() };
const write = (at: string, actor: Actor = { sub: 'person-1', name: 'Ada' }) => ({ actor, at, requestId: randomUUID() });

describe("the container lifecycle's writes on DynamoDB Local", () => {
  it('create a container the store reads whole, and delete it with its links while OPEN and unchanged', async () => {
    const lifecycle = dynamoContainerLifecycle(db, runtime().tableName);
    const store = dynamoContainerStore(db, runtime().tableName);
    const record = createContainer(tenant, randomUUID(), { Name: 'Box', Weight: 3 }, [], new Date());
    await lifecycle.create(record, allFieldsAsChanges(record, 'created'), write('2026-03-01 12:00:00'));
    await store.link(tenant, record.Uuid, { kind: 'CYCLOTRON_PRODUCT', id: 'p-1', nuclide: 'F-18' });
    const view = (await store.load(tenant, record.Uuid, { consistent: true }))!;
    expect([view.record.Name, view.record.Weight, view.links.length]).toEqual(['Box', 3, 1]);
    expect(await lifecycle.names(tenant.client, ['person-1'], { consistent: true })).toEqual(
      new Map([['person-1', 'Ada']]),
    );

    // Another facility's key or a changed version: the condition refuses, nothing is deleted.
    const other = { ...view, record: { ...view.record, Facility: randomUUID() } };
    for (const stale of [other, { ...view, record: { ...view.record, Version: 99 } }])
      await expect(lifecycle.remove(stale, [], write('2026-03-01 12:01:00'))).rejects.toBeInstanceOf(
        ConditionFailedError,
      );
    await lifecycle.remove(view, [], write('2026-03-01 12:05:00', SERVICE_ACTOR));
    expect(await store.load(tenant, record.Uuid, { consistent: true })).toBeUndefined();
    expect((await store.history(tenant, record.Uuid)).map((e) => [e.at, e.action])).toEqual([
      ['2026-03-01 12:05:00', 'deleted'],
      ['2026-03-01 12:00:00', 'created'],
    ]);
  });
});
