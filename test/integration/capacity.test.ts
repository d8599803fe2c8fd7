/** The load budget (≤ 1 RCU in ≤ 2 sequential calls) as a regression test, measured on DynamoDB Local. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { meter } from '../../bench/meter';
import { dynamoContainerStore } from '../../shared/data/containers';
import { containerService } from '../../shared/services/containers';
import { documentClient, runtime } from '../support/api';

describe('consumed capacity', () => {
  it('load of a container naming one person: one Query and one BatchGetItem, at most 1 RCU', async () => {
    const db = documentClient();
    const metered = meter(db);
    const service = containerService(dynamoContainerStore(db, runtime().tableName));
    const tenant = { client: randomUUID(), facility: randomUUID() };
    const ada = { sub: randomUUID(), name: 'Ada', roles: [] };
    const created = await service.create(tenant, ada, { Name: 'Box', MeasuredBy: ada.sub, MeasurementContaminationBy: ada.sub }, randomUUID());
    const load = await metered.measure(() => service.load(tenant, created.model.Uuid as string));
    expect(load.commands).toEqual(['QueryCommand', 'BatchGetItemCommand']);
    expect(load.read).toBeLessThanOrEqual(1);
    expect(load.result.model.MeasuredByName).toBe('Ada');
    const write = await metered.measure(() => service.update(tenant, ada, created.model.Uuid as string, { Weight: 3 }, undefined, randomUUID()));
    // Read for the rules, one transaction, names for the answer.
    expect(write.commands).toEqual(['QueryCommand', 'TransactWriteItemsCommand', 'BatchGetItemCommand']);
  });
});
