/** The load budget (≤ 1 RCU in ≤ 2 sequential calls) as a regression test, measured on DynamoDB Local. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { meter } from '../../bench/meter';
import { dynamoContainerStore } from '../../shared/data/containers';
import { containerService } from '../../shared/services/containers';
import { documentClient, eventually, runtime } from '../support/api';

describe('consumed capacity', () => {
  it('load of a container naming one person: one Query and one BatchGetItem, at most 1 RCU', async () => {
    const db = documentClient();
    const metered = meter(db);
    const service = containerService(dynamoContainerStore(db, runtime().tableName));
    const tenant = { client: randomUUID(), facility: randomUUID() };
    const ada = { sub: randomUUID(), name: 'Ada', roles: [] };
    const created = await service.create(
      tenant,
      ada,
      { Name: 'Box', MeasuredBy: ada.sub, MeasurementContaminationBy: ada.sub },
      randomUUID(),
    );
    const load = await metered.measure(() => service.load(tenant, created.model.Uuid as string));
    expect(load.commands).toEqual(['QueryCommand', 'BatchGetItemCommand']);
    expect(load.read).toBeLessThanOrEqual(1);
    expect(load.result.model.MeasuredByName).toBe('Ada');
    const write = await metered.measure(() =>
      service.update(tenant, ada, created.model.Uuid as string, { Weight: 3 }, undefined, randomUUID()),
    );
    // Read for the rules, one transaction, names for the answer.
    expect(write.commands).toEqual(['QueryCommand', 'TransactWriteItemsCommand', 'BatchGetItemCommand']);
  });
});

describe('document pages', () => {
  it('a deep page reads no document before it: page 4 of 350 costs about what page 1 does', async () => {
    const { dynamoDocumentStore } = await import('../../shared/data/documents');
    const { newDocument } = await import('../../shared/domain/document');
    const db = documentClient();
    const metered = meter(db);
    const store = dynamoDocumentStore(db, runtime().tableName);
    const tenant = { client: randomUUID(), facility: randomUUID() };
    // Ten at a time: the buckets do not depend on the order the stream brings the documents in.
    for (let at = 0; at < 350; at += 10)
      await Promise.all(
        Array.from({ length: 10 }, (_, j) => at + j).map((i) =>
          store.create(
            newDocument(
              tenant,
              randomUUID(),
              { Scope: 'RECORD', ScopeReference: 'r', Filename: `f${i}.pdf` },
              new Date(Date.UTC(2025, 0, 1) + i * 60_000),
            ),
          ),
        ),
      );
    // Counted by the change stream within 5 s of the last write.
    await eventually(async () => ((await store.count(tenant, { kind: 'all' })) === 350 ? true : undefined));
    const first = await metered.measure(() => store.page(tenant, { kind: 'all' }, 0, 100));
    const fourth = await metered.measure(() => store.page(tenant, { kind: 'all' }, 300, 100));
    expect(first.result.total).toBe(350);
    expect(fourth.result.items).toHaveLength(50);
    expect(fourth.calls).toBe(2);
    expect(fourth.read).toBeLessThanOrEqual(first.read * 1.5);
  });
});

describe('maintenance log report', () => {
  it(
    'resolves all names of a page in batched reads: two rounds for 100 entries naming 200 people and ' + 'devices',
    async () => {
      const { dynamoMaintenanceStore } = await import('../../shared/data/maintenance');
      const { createEntry } = await import('../../shared/domain/maintenance');
      const { maintenanceService } = await import('../../shared/services/maintenance');
      const db = documentClient();
      const store = dynamoMaintenanceStore(db, runtime().tableName);
      const tenant = { client: randomUUID(), facility: randomUUID() };
      for (let at = 0; at < 100; at += 10)
        await Promise.all(
          Array.from({ length: 10 }, (_, j) => at + j).map((i) => {
            const reporter = { sub: `p-${i}`, name: `Person ${i}` };
            return store.create(
              createEntry(
                tenant,
                randomUUID(),
                { IncidentTitle: 't', IncidentCause: 'c', IncidentDateStart: '2026-01-01 00:00:00', Device: `d-${i}` },
                reporter.sub,
                new Date(),
              ),
              reporter,
            );
          }),
        );
      const metered = meter(db);
      const service = maintenanceService(store, { pageSize: 100 });
      const caller = {
        sub: 'x',
        name: undefined,
        clients: [tenant.client],
        facilities: [tenant.facility],
        roles: [],
        exp: 0,
      };
      const page = await metered.measure(() => service.page(caller, 1));
      expect(page.result.items).toHaveLength(100);
      expect(page.result.items.every((e) => e.ReporterName === `Person ${String(e.Reporter).slice(2)}`)).toBe(true);
      expect(page.commands.filter((c) => c === 'BatchGetItemCommand')).toHaveLength(2);
      expect(page.calls).toBe(2);
    },
  );
});
