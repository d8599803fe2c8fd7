/**
 * The container store's DynamoDB adapter (shared/data/containers.ts) on DynamoDB Local: keys by tenant, transactions,
 * conditions, names, audit.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { allFieldsAsChanges } from '../../shared/domain/container-audit';
import { createContainer, updateContainer } from '../../shared/domain/container-rules';
import { dynamoContainerStore } from '../../shared/data/containers';
import type { ContainerStore } from '../../shared/data/container-store';
import { keys } from '../../shared/data/table';
import { ConditionFailedError } from '../../shared/data/transact';
import { documentClient, runtime } from '../support/api';

const db = documentClient();
let store: ContainerStore;
const tenant = { client: randomUUID(), facility: randomUUID() };
const write = (name?: string) => ({
  actor: { sub: 'person-1', name },
  at: '2026-03-01 12:00:00',
  requestId: randomUUID(),
});

async function auditOf(uuid: string) {
  const out = await db.send(
    new QueryCommand({
      TableName: runtime().tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.tenant(tenant), ':prefix': `AUDIT#CONTAINER#${uuid}#` },
      ConsistentRead: true,
    }),
  );
  return out.Items ?? [];
}

beforeAll(() => {
  store = dynamoContainerStore(db, runtime().tableName);
});

describe('container store on DynamoDB Local', () => {
  it('creates a container with its audit entry and the writer in the directory, in one transaction', async () => {
    const record = createContainer(tenant, randomUUID(), { Name: 'Box', Weight: 3 }, [], new Date());
    await store.create(record, allFieldsAsChanges(record, 'created'), write('Ada'));
    const view = await store.load(tenant, record.Uuid, { consistent: true });
    expect(view?.record).toEqual(record);
    expect(await store.names(tenant.client, ['person-1'], { consistent: true })).toEqual(
      new Map([['person-1', 'Ada']]),
    );
    const audit = await auditOf(record.Uuid);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      Action: 'created',
      Actor: 'person-1',
      Changes: expect.arrayContaining([{ Field: 'Weight', Old: null, New: 3 }]),
    });
  });

  it('keeps a name when a later writer token carries none', async () => {
    const record = createContainer(tenant, randomUUID(), { Name: 'Box' }, [], new Date());
    await store.create(record, [], write(undefined));
    expect((await store.names(tenant.client, ['person-1'], { consistent: true })).get('person-1')).toBe('Ada');
  });

  it('is keyed by tenant: another facility does not see the container', async () => {
    const record = createContainer(tenant, randomUUID(), { Name: 'Mine' }, [], new Date());
    await store.create(record, [], write('Ada'));
    expect(await store.load({ ...tenant, facility: randomUUID() }, record.Uuid, { consistent: true })).toBeUndefined();
    expect(
      await store.load({ client: randomUUID(), facility: tenant.facility }, record.Uuid, { consistent: true }),
    ).toBeUndefined();
  });

  it('does not mistake a uuid prefix for the container', async () => {
    const record = createContainer(tenant, `${randomUUID().slice(0, 30)}abcdef`, { Name: 'Long' }, [], new Date());
    await store.create(record, [], write('Ada'));
    expect(await store.load(tenant, record.Uuid.slice(0, 33), { consistent: true })).toBeUndefined();
  });

  it('refuses a stale version and writes nothing of that transaction', async () => {
    const record = createContainer(tenant, randomUUID(), { Name: 'Box' }, [], new Date());
    await store.create(record, [], write('Ada'));
    const first = updateContainer(record, { Name: 'First' }, [], new Date());
    await store.update(record, first.next, first.changes, write('Ada'));
    const stale = updateContainer(record, { Name: 'Stale' }, [], new Date());
    await expect(store.update(record, stale.next, stale.changes, write('Ada'))).rejects.toBeInstanceOf(
      ConditionFailedError,
    );
    expect((await store.load(tenant, record.Uuid, { consistent: true }))?.record.Name).toBe('First');
    expect((await auditOf(record.Uuid)).filter((a) => a.Action === 'updated').map((a) => a.Changes[0]?.New)).toEqual([
      'First',
    ]);
  });

  it('reads links and the dispatch record in the same query as the container', async () => {
    const record = createContainer(tenant, randomUUID(), { Name: 'Box' }, [], new Date());
    await store.create(record, [], write('Ada'));
    await store.link(tenant, record.Uuid, { kind: 'CYCLOTRON_PRODUCT', id: 'p-1', nuclide: 'F-18' });
    await store.link(tenant, record.Uuid, { kind: 'GENERATOR_ELUAT', id: 'e-1', nuclide: 'Tc-99m' });
    const moved = updateContainer(record, { State: 'DECAY' }, [], new Date());
    await store.update(record, moved.next, moved.changes, write('Ada'), { kind: 'DISPATCH', id: 'd-1' });
    const view = await store.load(tenant, record.Uuid, { consistent: true });
    // Links made by an import carry no content fields of their own (those come with the contents API).
    expect(view?.links).toEqual([
      expect.objectContaining({ kind: 'CYCLOTRON_PRODUCT', id: 'p-1', nuclide: 'F-18' }),
      expect.objectContaining({ kind: 'GENERATOR_ELUAT', id: 'e-1', nuclide: 'Tc-99m' }),
    ]);
    expect(view?.dispatchId).toBe('d-1');
  });

  it('removes the container with its links, and only while its version is unchanged', async () => {
    const record = createContainer(tenant, randomUUID(), { Name: 'Box' }, [], new Date());
    await store.create(record, [], write('Ada'));
    await store.link(tenant, record.Uuid, { kind: 'CYCLOTRON_PRODUCT', id: 'p-9', nuclide: 'F-18' });
    const view = (await store.load(tenant, record.Uuid, { consistent: true }))!;
    await expect(
      store.remove({ ...view, record: { ...view.record, Version: 99 } }, [], write('Ada')),
    ).rejects.toBeInstanceOf(ConditionFailedError);
    await store.remove(view, [], write('Ada'));
    expect(await store.load(tenant, record.Uuid, { consistent: true })).toBeUndefined();
    expect((await auditOf(record.Uuid)).map((a) => a.Action)).toEqual(['created', 'deleted']);
  });
});
