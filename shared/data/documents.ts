/**
 * DynamoDB adapter of the document store, with the "sequence memory" of DESIGN §4 kept in the same
 * transaction as every document write:
 *
 * - counters (`COUNT#DOCUMENT#{collection}`) give TotalCount of the scoped listings without reading
 *   them;
 * - page buckets (`PAGES#DOCUMENT#{collection}#{first key}`) cut the paginated collections (all
 *   documents of a facility, and per state) into consecutive slices of the listing order, each with
 *   its exact size (the first slice starts at the empty key). A page deep in the collection adds up the small bucket items to find the slice
 *   it starts in, then reads from that slice on: it never reads the documents before it. New
 *   documents (the newest end) open a new bucket every PAGE_BUCKET_SIZE documents; a document that
 *   lands inside an older slice (an import) grows that slice, and regenerateSequenceMemory evens
 *   them out again.
 *
 * Every bucket change is conditional on the bucket's version, so concurrent writers retry instead
 * of miscounting.
 */
import { GetCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { locateOffset } from '../domain/collection';
import { orderKey, type DocumentRecord, type DocumentScope, type DocumentState, type StoredFile } from '../domain/document';
import { keys, type Tenant } from './table';
import { ConditionFailedError, transactWrite, type TransactWriteItem } from './transact';

export const PAGE_BUCKET_SIZE = 100;

/** A listing of documents, and the state filter if any. */
export type DocumentCollection =
  | { kind: 'all'; state?: DocumentState }
  | { kind: 'scope'; scope: DocumentScope; state?: DocumentState }
  | { kind: 'reference'; scope: DocumentScope; reference: string; state?: DocumentState };

export interface DocumentStore {
  get(tenant: Tenant, uuid: string, options?: { consistent?: boolean }): Promise<DocumentRecord | undefined>;
  /** The report API: a document by uuid alone. */
  findByUuid(uuid: string): Promise<DocumentRecord | undefined>;
  create(record: DocumentRecord): Promise<void>;
  /** Fails with ConditionFailedError when the stored version is no longer `previous.Version`. */
  update(previous: DocumentRecord, next: DocumentRecord): Promise<void>;
  /** Records (or clears) the stored file; fails with ConditionFailedError on a stale version. */
  setFile(previous: DocumentRecord, file: StoredFile | null, updatedAt: string): Promise<void>;
  count(tenant: Tenant, collection: DocumentCollection): Promise<number>;
  /** The newest `limit` documents of a collection. */
  list(tenant: Tenant, collection: DocumentCollection, limit: number): Promise<DocumentRecord[]>;
  /** `limit` documents from position `offset` (newest first) of a paginated collection, with its size. */
  page(tenant: Tenant, collection: Extract<DocumentCollection, { kind: 'all' }>, offset: number, limit: number): Promise<{ total: number; items: DocumentRecord[] }>;
}

/** The id of a collection, as counters and buckets name it. */
export function collectionId(collection: DocumentCollection): string {
  const state = collection.state ? `STATE#${collection.state}` : '';
  switch (collection.kind) {
    case 'all': return state || 'ALL';
    case 'scope': return `SCOPE#${collection.scope}${state && `#${state}`}`;
    case 'reference': return `REF#${collection.scope}#${collection.reference}${state && `#${state}`}`;
  }
}

/** The collections a document belongs to: paginated ones (buckets) and counted ones (counters). */
export function membership(record: Pick<DocumentRecord, 'State' | 'Scope' | 'ScopeReference'>): { paged: string[]; counted: string[] } {
  const scope = { kind: 'scope', scope: record.Scope } as const;
  const reference = { kind: 'reference', scope: record.Scope, reference: record.ScopeReference } as const;
  return {
    paged: [collectionId({ kind: 'all' }), collectionId({ kind: 'all', state: record.State })],
    counted: [scope, { ...scope, state: record.State }, reference, { ...reference, state: record.State }].map(collectionId),
  };
}

const recordFields = ['Client', 'Facility', 'Uuid', 'Scope', 'ScopeReference', 'State', 'Filename', 'Version', 'CreatedAt', 'UpdatedAt', 'File'] as const;
const toRecord = (item: Record<string, unknown>): DocumentRecord =>
  Object.fromEntries(recordFields.map((f) => [f, item[f] ?? null])) as unknown as DocumentRecord;

interface Bucket {
  SK: string;
  K: string;
  M: string;
  N: number;
  V: number;
  Latest?: boolean;
}

const WRITE_ATTEMPTS = 12;

export function dynamoDocumentStore(db: DynamoDBDocumentClient, tableName: string): DocumentStore {
  const tenantOf = (r: Pick<DocumentRecord, 'Client' | 'Facility'>): Tenant => ({ client: r.Client, facility: r.Facility });

  function item(record: DocumentRecord) {
    const base = keys.tenant(tenantOf(record));
    const sort = orderKey(record);
    return {
      PK: base,
      SK: keys.document(record.Uuid),
      Type: 'Document',
      ...record,
      G1PK: `${base}#DOCUMENTS`, G1SK: sort,
      G2PK: `${base}#DOCUMENTS#STATE#${record.State}`, G2SK: sort,
      G3PK: `${base}#DOCUMENTS#SCOPE#${record.Scope}`, G3SK: sort,
      G4PK: `${base}#DOCUMENTS#REF#${record.Scope}#${record.ScopeReference}`, G4SK: sort,
      G5PK: keys.document(record.Uuid), G5SK: 'DOCUMENT',
    };
  }

  /** Which index lists a collection, under which key, and what is left to filter. */
  function indexOf(tenant: Tenant, collection: DocumentCollection): { index: string; pk: string; filterState?: DocumentState } {
    const base = `${keys.tenant(tenant)}#DOCUMENTS`;
    switch (collection.kind) {
      case 'all':
        return collection.state ? { index: 'GSI2', pk: `${base}#STATE#${collection.state}` } : { index: 'GSI1', pk: base };
      case 'scope':
        return { index: 'GSI3', pk: `${base}#SCOPE#${collection.scope}`, ...(collection.state ? { filterState: collection.state } : {}) };
      case 'reference':
        return { index: 'GSI4', pk: `${base}#REF#${collection.scope}#${collection.reference}`, ...(collection.state ? { filterState: collection.state } : {}) };
    }
  }

  /** Newest first, from before `before` (exclusive) when given, up to `limit` items. */
  async function queryIndex(tenant: Tenant, collection: DocumentCollection, limit: number, before?: string): Promise<DocumentRecord[]> {
    const { index, pk, filterState } = indexOf(tenant, collection);
    const n = index.slice(3);
    const items: DocumentRecord[] = [];
    let ExclusiveStartKey: QueryCommandInput['ExclusiveStartKey'];
    do {
      const out = await db.send(new QueryCommand({
        TableName: tableName,
        IndexName: index,
        KeyConditionExpression: before ? `#pk = :pk AND #sk < :before` : '#pk = :pk',
        ExpressionAttributeNames: { '#pk': `G${n}PK`, ...(before ? { '#sk': `G${n}SK` } : {}), ...(filterState ? { '#state': 'State' } : {}) },
        ExpressionAttributeValues: { ':pk': pk, ...(before ? { ':before': before } : {}), ...(filterState ? { ':state': filterState } : {}) },
        ...(filterState ? { FilterExpression: '#state = :state' } : {}),
        ScanIndexForward: false,
        Limit: filterState ? Math.max(limit - items.length, 100) : limit - items.length,
        ExclusiveStartKey,
      }));
      items.push(...(out.Items ?? []).map(toRecord));
      ExclusiveStartKey = out.LastEvaluatedKey;
    } while (ExclusiveStartKey && items.length < limit);
    return items.slice(0, limit);
  }

  async function buckets(tenant: Tenant, collection: string, consistent = false): Promise<Bucket[]> {
    const found: Bucket[] = [];
    let ExclusiveStartKey: QueryCommandInput['ExclusiveStartKey'];
    do {
      const out = await db.send(new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.tenant(tenant), ':prefix': keys.documentPagesPrefix(collection) },
        ConsistentRead: consistent,
        ExclusiveStartKey,
      }));
      found.push(...((out.Items ?? []) as Bucket[]));
      ExclusiveStartKey = out.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return found;
  }

  /** The bucket whose slice holds `key`: the last one starting at or before it. */
  async function bucketFor(tenant: Tenant, collection: string, key: string): Promise<Bucket | undefined> {
    const prefix = keys.documentPagesPrefix(collection);
    const out = await db.send(new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :prefix AND :upto',
      ExpressionAttributeValues: { ':pk': keys.tenant(tenant), ':prefix': prefix, ':upto': `${prefix}${key}` },
      ScanIndexForward: false,
      Limit: 1,
      ConsistentRead: true,
    }));
    return out.Items?.[0] as Bucket | undefined;
  }

  const bucketItem = (tenant: Tenant, collection: string, bucket: Omit<Bucket, 'SK'>) => ({
    PK: keys.tenant(tenant),
    SK: `${keys.documentPagesPrefix(collection)}${bucket.K}`,
    Type: 'DocumentPageBucket',
    Collection: collection,
    ...bucket,
  });
  const versioned = (bucket: Bucket) => ({
    ConditionExpression: 'V = :v',
    ExpressionAttributeValues: { ':v': bucket.V },
  });

  /**
   * The bucket writes that count one more document with `key` into a paginated collection. The first
   * bucket of a collection starts at the empty key, so it holds everything older than the next one
   * and concurrent first writers meet on the same item. A new bucket is opened only after the newest
   * one is full, above every key it holds, and together with a versioned write of that bucket: no
   * slice ever changes under a writer that read it.
   */
  async function insertInto(tenant: Tenant, collection: string, key: string): Promise<TransactWriteItem[]> {
    const bucket = await bucketFor(tenant, collection, key);
    const pk = keys.tenant(tenant);
    if (!bucket) {
      return [{ Put: { TableName: tableName, Item: bucketItem(tenant, collection, { K: '', M: key, N: 1, V: 1, Latest: true }), ConditionExpression: 'attribute_not_exists(SK)' } }];
    }
    if (bucket.Latest && bucket.N >= PAGE_BUCKET_SIZE && key > bucket.M) {
      return [
        { Update: { TableName: tableName, Key: { PK: pk, SK: bucket.SK }, UpdateExpression: 'REMOVE Latest SET V = V + :one', ...versioned(bucket), ExpressionAttributeValues: { ':v': bucket.V, ':one': 1 } } },
        { Put: { TableName: tableName, Item: bucketItem(tenant, collection, { K: key, M: key, N: 1, V: 1, Latest: true }), ConditionExpression: 'attribute_not_exists(SK)' } },
      ];
    }
    return [{
      Update: {
        TableName: tableName,
        Key: { PK: pk, SK: bucket.SK },
        UpdateExpression: 'SET N = N + :one, M = :m, V = V + :one',
        ...versioned(bucket),
        ExpressionAttributeValues: { ':v': bucket.V, ':one': 1, ':m': key > bucket.M ? key : bucket.M },
      },
    }];
  }

  /** The bucket write that counts one document with `key` out of a paginated collection. */
  async function removeFrom(tenant: Tenant, collection: string, key: string): Promise<TransactWriteItem[]> {
    const containing = await bucketFor(tenant, collection, key);
    if (!containing) return [];
    return [{
      Update: {
        TableName: tableName,
        Key: { PK: keys.tenant(tenant), SK: containing.SK },
        UpdateExpression: 'SET N = N - :one, V = V + :one',
        ...versioned(containing),
        ExpressionAttributeValues: { ':v': containing.V, ':one': 1 },
      },
    }];
  }

  const counter = (tenant: Tenant, collection: string, delta: number): TransactWriteItem => ({
    Update: {
      TableName: tableName,
      Key: { PK: keys.tenant(tenant), SK: keys.documentCount(collection) },
      UpdateExpression: 'ADD N :delta SET #type = :type, #collection = :collection',
      ExpressionAttributeNames: { '#type': 'Type', '#collection': 'Collection' },
      ExpressionAttributeValues: { ':delta': delta, ':type': 'DocumentCounter', ':collection': collection },
    },
  });

  /** Retries a read-plan-write cycle when a condition (a bucket or the document changed) fails. */
  async function withRetry(attempt: () => Promise<void>, retryOnDocumentChange: boolean): Promise<void> {
    for (let i = 1; ; i++) {
      try {
        return await attempt();
      } catch (error) {
        if (!(error instanceof ConditionFailedError) || i >= WRITE_ATTEMPTS) throw error;
        // Index 0 is always the document itself: its condition failing is the caller's business.
        if (error.reasons[0] === 'ConditionalCheckFailed' && !retryOnDocumentChange) throw error;
        await new Promise((r) => setTimeout(r, Math.random() * Math.min(200, 10 * 2 ** i)));
      }
    }
  }

  return {
    async get(tenant, uuid, options = {}) {
      const out = await db.send(new GetCommand({ TableName: tableName, Key: { PK: keys.tenant(tenant), SK: keys.document(uuid) }, ConsistentRead: options.consistent ?? false }));
      return out.Item ? toRecord(out.Item) : undefined;
    },

    async findByUuid(uuid) {
      const out = await db.send(new QueryCommand({
        TableName: tableName,
        IndexName: 'GSI5',
        KeyConditionExpression: 'G5PK = :pk AND G5SK = :sk',
        ExpressionAttributeValues: { ':pk': keys.document(uuid), ':sk': 'DOCUMENT' },
      }));
      const found = out.Items?.[0];
      return found ? toRecord(found) : undefined;
    },

    async create(record) {
      const tenant = tenantOf(record);
      const { paged, counted } = membership(record);
      await withRetry(async () => {
        const bucketWrites = (await Promise.all(paged.map((c) => insertInto(tenant, c, orderKey(record))))).flat();
        await transactWrite(db, [
          { Put: { TableName: tableName, Item: item(record), ConditionExpression: 'attribute_not_exists(PK)' } },
          ...bucketWrites,
          ...counted.map((c) => counter(tenant, c, 1)),
        ]);
      }, false);
    },

    async update(previous, next) {
      const tenant = tenantOf(next);
      const before = membership(previous);
      const after = membership(next);
      const key = orderKey(next);
      await withRetry(async () => {
        const bucketWrites = (await Promise.all([
          ...before.paged.filter((c) => !after.paged.includes(c)).map((c) => removeFrom(tenant, c, key)),
          ...after.paged.filter((c) => !before.paged.includes(c)).map((c) => insertInto(tenant, c, key)),
        ])).flat();
        await transactWrite(db, [
          {
            Put: {
              TableName: tableName,
              Item: item(next),
              ConditionExpression: '#version = :version',
              ExpressionAttributeNames: { '#version': 'Version' },
              ExpressionAttributeValues: { ':version': previous.Version },
            },
          },
          ...bucketWrites,
          ...before.counted.filter((c) => !after.counted.includes(c)).map((c) => counter(tenant, c, -1)),
          ...after.counted.filter((c) => !before.counted.includes(c)).map((c) => counter(tenant, c, 1)),
        ]);
      }, false);
    },

    async setFile(previous, file, updatedAt) {
      await db.send(new UpdateCommand({
        TableName: tableName,
        Key: { PK: keys.tenant(tenantOf(previous)), SK: keys.document(previous.Uuid) },
        UpdateExpression: 'SET #file = :file, #version = :next, #updated = :updated',
        ConditionExpression: '#version = :version',
        ExpressionAttributeNames: { '#file': 'File', '#version': 'Version', '#updated': 'UpdatedAt' },
        ExpressionAttributeValues: { ':file': file, ':next': previous.Version + 1, ':version': previous.Version, ':updated': updatedAt },
      })).catch((error: Error) => {
        if (error.name === 'ConditionalCheckFailedException') throw new ConditionFailedError(['ConditionalCheckFailed']);
        throw error;
      });
    },

    async count(tenant, collection) {
      if (collection.kind === 'all') {
        return (await buckets(tenant, collectionId(collection))).reduce((sum, b) => sum + b.N, 0);
      }
      const out = await db.send(new GetCommand({ TableName: tableName, Key: { PK: keys.tenant(tenant), SK: keys.documentCount(collectionId(collection)) } }));
      return (out.Item?.N as number | undefined) ?? 0;
    },

    list: (tenant, collection, limit) => queryIndex(tenant, collection, limit),

    async page(tenant, collection, offset, limit) {
      const newestFirst = (await buckets(tenant, collectionId(collection))).reverse();
      const total = newestFirst.reduce((sum, b) => sum + b.N, 0);
      const start = locateOffset(newestFirst.map((b) => b.N), offset);
      if (!start) return { total, items: [] };
      // From the newest document of the slice holding the offset: below the next newer slice.
      const before = start.slice > 0 ? newestFirst[start.slice - 1]!.K : undefined;
      const items = await queryIndex(tenant, collection, start.skip + limit, before);
      return { total, items: items.slice(start.skip) };
    },
  };
}
