/**
 * The document store (shared/data/documents.ts) on DynamoDB Local: its sequence memory, counters and page buckets,
 * stays exact.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dynamoDocumentStore } from '../../shared/data/documents';
import { newDocument, orderKey, type DocumentRecord } from '../../shared/domain/document';
import { keys } from '../../shared/data/table';
import { documentClient, eventually, runtime } from '../support/api';

const db = documentClient();
const store = () => dynamoDocumentStore(db, runtime().tableName);

async function bucketsOf(tenant: { client: string; facility: string }, collection: string) {
  const out = await db.send(
    new QueryCommand({
      TableName: runtime().tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
      ExpressionAttributeValues: { ':pk': keys.tenant(tenant), ':p': keys.documentPagesPrefix(collection) },
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? []) as { K: string; N: number; M: string; Latest?: boolean }[];
}

/** The buckets once the change stream has counted `total` documents into them (at most 5 s after the last write). */
async function settledBuckets(tenant: { client: string; facility: string }, collection: string, total: number) {
  return eventually(async () => {
    const buckets = await bucketsOf(tenant, collection);
    return buckets.reduce((sum, b) => sum + b.N, 0) === total ? buckets : undefined;
  });
}

/** Each bucket counts exactly the documents whose order key falls in its slice. */
function expectExactBuckets(buckets: { K: string; N: number }[], records: DocumentRecord[]) {
  const sortedKeys = records.map(orderKey).sort();
  const counted = buckets.map(
    (b, i) => sortedKeys.filter((k) => k >= b.K && (i + 1 >= buckets.length || k < buckets[i + 1]!.K)).length,
  );
  expect(buckets.map((b) => b.N)).toEqual(counted);
  expect(buckets[0]!.K).toBe('');
}

describe('document page buckets', () => {
  it('stay exact under concurrent creates across seconds (each writer with its own clock)', async () => {
    const tenant = { client: randomUUID(), facility: randomUUID() };
    const records: DocumentRecord[] = [];
    for (let i = 0; i < 160; i += 10) {
      // Clocks a second apart, as on several Lambda instances: keys arrive out of order.
      const batch = Array.from({ length: 10 }, (_, j) =>
        newDocument(
          tenant,
          randomUUID(),
          { Scope: 'RECORD', ScopeReference: 'r', Filename: 'a.pdf' },
          new Date(Date.UTC(2026, 0, 1, 0, 0, i / 10 + (j % 3))),
        ),
      );
      await Promise.all(batch.map((r) => store().create(r)));
      records.push(...batch);
    }
    expectExactBuckets(await settledBuckets(tenant, 'ALL', records.length), records);
  });

  it('stay exact under concurrent creates in the same second', async () => {
    const tenant = { client: randomUUID(), facility: randomUUID() };
    const now = new Date('2026-01-01T10:00:00Z');
    const records: DocumentRecord[] = [];
    for (let i = 0; i < 260; i += 10) {
      const batch = Array.from({ length: 10 }, () =>
        newDocument(tenant, randomUUID(), { Scope: 'RECORD', ScopeReference: 'r', Filename: 'a.pdf' }, now),
      );
      await Promise.all(batch.map((r) => store().create(r)));
      records.push(...batch);
    }
    const buckets = await settledBuckets(tenant, 'ALL', 260);
    expectExactBuckets(buckets, records);
    expect(buckets.reduce((s, b) => s + b.N, 0)).toBe(260);
  });

  it('stay exact when documents arrive older than everything (an import) and leave a state', async () => {
    const tenant = { client: randomUUID(), facility: randomUUID() };
    const records: DocumentRecord[] = [];
    for (let i = 0; i < 150; i++) {
      const record = newDocument(
        tenant,
        randomUUID(),
        { Scope: 'RECORD', ScopeReference: 'r', Filename: 'a.pdf' },
        new Date(Date.UTC(2026, 0, 1, 0, 0, 300 - i)),
      );
      await store().create(record);
      records.push(record);
    }
    expectExactBuckets(await settledBuckets(tenant, 'ALL', 150), records);
    const archived = records.slice(0, 30);
    for (const r of archived) await store().update(r, { ...r, State: 'ARCHIVED', Version: r.Version + 1 });
    expectExactBuckets(await settledBuckets(tenant, 'STATE#ARCHIVED', 30), archived);
    expectExactBuckets(await settledBuckets(tenant, 'STATE#ACTIVE', 120), records.slice(30));
    const page = await store().page(tenant, { kind: 'all', state: 'ACTIVE' }, 100, 100);
    expect(page.total).toBe(120);
    expect(page.items.map((r) => r.Uuid)).toEqual(
      records
        .slice(30)
        .sort((a, b) => (orderKey(a) < orderKey(b) ? 1 : -1))
        .slice(100)
        .map((r) => r.Uuid),
    );
  });
});
