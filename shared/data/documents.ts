/**
 * DynamoDB adapter of the document store. A document write is one conditional write of the document
 * alone; the sequence memory (counters of the scoped collections per scope, scope reference and
 * each per state; page buckets of the paginated ones, all documents of a facility and per state)
 * follows from the change stream (shared/data/sequence-writer.ts, `documentMembership`).
 */
import { GetCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { queryNewestFirst } from './indexes';
import { recordFieldsOf } from '../domain/fields';
import {
  DOCUMENT_HIDDEN_FIELDS,
  DOCUMENT_KEPT_FIELD,
  DOCUMENT_TABLE,
  orderKey,
  type DocumentRecord,
  type DocumentScope,
  type DocumentState,
  type StoredFile,
} from '../domain/document';
import { CROSS_TENANT_INDEXES, indexKeys, ITEM_TYPES, keys, recordOf, type IndexName, type Tenant } from './table';
import { sequenceMemory, type BucketScope } from './sequence';
import { NO_MEMBERSHIP, type Membership } from './sequence-writer';
import { conditional, conditionalPut, versionedPut } from './transact';

/** A listing of documents, and the state filter if any. */
export type DocumentCollection =
  | { kind: 'all'; state?: DocumentState }
  | { kind: 'scope'; scope: DocumentScope; state?: DocumentState }
  | { kind: 'reference'; scope: DocumentScope; reference: string; state?: DocumentState };

export interface DocumentStore {
  get(tenant: Tenant, uuid: string, options?: { consistent?: boolean }): Promise<DocumentRecord | undefined>;
  /** The report API: the tenants holding a document of this uuid (read across tenants: its keys alone). */
  tenantsOf(uuid: string): Promise<Tenant[]>;
  create(record: DocumentRecord): Promise<void>;
  /** Fails with ConditionFailedError when the stored version is no longer `previous.Version`. */
  update(previous: DocumentRecord, next: DocumentRecord): Promise<void>;
  /** Records (or clears) the stored file; fails with ConditionFailedError on a stale version. */
  setFile(previous: DocumentRecord, file: StoredFile | null, updatedAt: string): Promise<void>;
  count(tenant: Tenant, collection: DocumentCollection): Promise<number>;
  /** The newest `limit` documents of a collection. */
  list(tenant: Tenant, collection: DocumentCollection, limit: number): Promise<DocumentRecord[]>;
  /** `limit` documents from position `offset` (newest first) of a paginated collection, with its size. */
  page(
    tenant: Tenant,
    collection: Extract<DocumentCollection, { kind: 'all' }>,
    offset: number,
    limit: number,
  ): Promise<{ total: number; items: DocumentRecord[] }>;
}

/** The id of a collection, as counters and buckets name it. */
export function collectionId(collection: DocumentCollection): string {
  const state = collection.state ? `STATE#${collection.state}` : '';
  switch (collection.kind) {
    case 'all':
      return state || 'ALL';
    case 'scope':
      return `SCOPE#${collection.scope}${state && `#${state}`}`;
    case 'reference':
      return `REF#${collection.scope}#${collection.reference}${state && `#${state}`}`;
  }
}

/** The collections a document belongs to: paginated ones (buckets) and counted ones (counters). */
export function membership(record: Pick<DocumentRecord, 'State' | 'Scope' | 'ScopeReference'>): {
  paged: string[];
  counted: string[];
} {
  const scope = { kind: 'scope', scope: record.Scope } as const;
  const reference = { kind: 'reference', scope: record.Scope, reference: record.ScopeReference } as const;
  return {
    paged: [collectionId({ kind: 'all' }), collectionId({ kind: 'all', state: record.State })],
    counted: [scope, { ...scope, state: record.State }, reference, { ...reference, state: record.State }].map(
      collectionId,
    ),
  };
}

/**
 * The counters and page buckets a stored document counts in (for the stream's sequence writer): only
 * a document in its indexes counts, in the order of its index sort key.
 */
export function documentMembership(item: Record<string, unknown>): Membership {
  if (typeof item.G1PK !== 'string' || typeof item.G1SK !== 'string') return NO_MEMBERSHIP;
  const pk = String(item.PK);
  const { paged, counted } = membership(item as unknown as DocumentRecord);
  return {
    counters: counted.map((c) => ({ pk, sk: keys.documentCount(c) })),
    pages: paged.map((c) => ({ scope: { pk, prefix: keys.documentPagesPrefix(c) }, key: item.G1SK as string })),
  };
}

const recordFields = [...recordFieldsOf(DOCUMENT_TABLE), ...DOCUMENT_HIDDEN_FIELDS, DOCUMENT_KEPT_FIELD];
const toRecord = (item: Record<string, unknown>) => recordOf<DocumentRecord>(recordFields, item);

/** A document as stored: its keys and index keys (GSI1 facility, GSI2 state, GSI3 scope, GSI4 reference, GSI5 uuid). */
export function documentItem(record: DocumentRecord) {
  const base = keys.tenant({ client: record.Client, facility: record.Facility });
  const sort = orderKey(record);
  return {
    PK: base,
    SK: keys.document(record.Uuid),
    Type: ITEM_TYPES.document,
    ...record,
    G1PK: indexKeys.documents(base),
    G1SK: sort,
    G2PK: indexKeys.documentsInState(base, record.State),
    G2SK: sort,
    G3PK: indexKeys.documentsInScope(base, record.Scope),
    G3SK: sort,
    G4PK: indexKeys.documentsOfReference(base, record.Scope, record.ScopeReference),
    G4SK: sort,
    G5PK: indexKeys.documentUuid(record.Uuid),
    G5SK: 'DOCUMENT',
  };
}

/** Whether the facility holds a document of this uuid (what a notice or a certificate refers to); its key alone. */
export async function documentExists(
  db: DynamoDBDocumentClient,
  tableName: string,
  tenant: Tenant,
  uuid: string,
): Promise<boolean> {
  const out = await db.send(
    new GetCommand({
      TableName: tableName,
      Key: { PK: keys.tenant(tenant), SK: keys.document(uuid) },
      ProjectionExpression: 'PK',
    }),
  );
  return out.Item !== undefined;
}

export function dynamoDocumentStore(db: DynamoDBDocumentClient, tableName: string): DocumentStore {
  const tenantOf = (r: Pick<DocumentRecord, 'Client' | 'Facility'>): Tenant => ({
    client: r.Client,
    facility: r.Facility,
  });

  /** Which index lists a collection, under which key, and what is left to filter. */
  function indexOf(
    tenant: Tenant,
    collection: DocumentCollection,
  ): { index: IndexName; pk: string; filterState?: DocumentState } {
    const base = keys.tenant(tenant);
    switch (collection.kind) {
      case 'all':
        return collection.state
          ? { index: 'GSI2', pk: indexKeys.documentsInState(base, collection.state) }
          : { index: 'GSI1', pk: indexKeys.documents(base) };
      case 'scope':
        return {
          index: 'GSI3',
          pk: indexKeys.documentsInScope(base, collection.scope),
          ...(collection.state ? { filterState: collection.state } : {}),
        };
      case 'reference':
        return {
          index: 'GSI4',
          pk: indexKeys.documentsOfReference(base, collection.scope, collection.reference),
          ...(collection.state ? { filterState: collection.state } : {}),
        };
    }
  }

  /** Newest first, from before `before` (exclusive) when given, up to `limit` items. */
  function queryIndex(
    tenant: Tenant,
    collection: DocumentCollection,
    limit: number,
    before?: string,
  ): Promise<DocumentRecord[]> {
    const { index, pk, filterState } = indexOf(tenant, collection);
    return queryNewestFirst(
      db,
      tableName,
      { index, pk, limit, before, filter: filterState ? { attribute: 'State', value: filterState } : undefined },
      toRecord,
    );
  }

  const memory = sequenceMemory(db, tableName);
  const pagesOf = (tenant: Tenant, collection: string): BucketScope => ({
    pk: keys.tenant(tenant),
    prefix: keys.documentPagesPrefix(collection),
  });

  return {
    async get(tenant, uuid, options = {}) {
      const out = await db.send(
        new GetCommand({
          TableName: tableName,
          Key: { PK: keys.tenant(tenant), SK: keys.document(uuid) },
          ConsistentRead: options.consistent ?? false,
        }),
      );
      return out.Item ? toRecord(out.Item) : undefined;
    },

    async tenantsOf(uuid) {
      const out = await db.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: CROSS_TENANT_INDEXES.documentUuids.index,
          KeyConditionExpression: 'G5PK = :pk AND G5SK = :sk',
          ExpressionAttributeValues: { ':pk': indexKeys.documentUuid(uuid), ':sk': 'DOCUMENT' },
          // Which tenant holds it, nothing of the document: it is read with that tenant's session.
          ProjectionExpression: CROSS_TENANT_INDEXES.documentUuids.attributes.join(', '),
        }),
      );
      return (out.Items ?? []).map((item) => ({ client: String(item.Client), facility: String(item.Facility) }));
    },

    async create(record) {
      await conditionalPut(db, {
        TableName: tableName,
        Item: documentItem(record),
        ConditionExpression: 'attribute_not_exists(PK)',
      });
    },

    async update(previous, next) {
      await conditionalPut(db, versionedPut(tableName, documentItem(next), previous.Version).Put!);
    },

    async setFile(previous, file, updatedAt) {
      await conditional(
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { PK: keys.tenant(tenantOf(previous)), SK: keys.document(previous.Uuid) },
            UpdateExpression: 'SET #file = :file, #version = :next, #updated = :updated',
            ConditionExpression: '#version = :version',
            ExpressionAttributeNames: { '#file': 'File', '#version': 'Version', '#updated': 'UpdatedAt' },
            ExpressionAttributeValues: {
              ':file': file,
              ':next': previous.Version + 1,
              ':version': previous.Version,
              ':updated': updatedAt,
            },
          }),
        ),
      );
    },

    async count(tenant, collection) {
      if (collection.kind === 'all') return memory.total([pagesOf(tenant, collectionId(collection))]);
      const out = await db.send(
        new GetCommand({
          TableName: tableName,
          Key: { PK: keys.tenant(tenant), SK: keys.documentCount(collectionId(collection)) },
        }),
      );
      return (out.Item?.N as number | undefined) ?? 0;
    },

    list: (tenant, collection, limit) => queryIndex(tenant, collection, limit),

    page: (tenant, collection, offset, limit) =>
      memory.page(
        [pagesOf(tenant, collectionId(collection))],
        offset,
        limit,
        (_, n, before) => queryIndex(tenant, collection, n, before),
        orderKey,
      ),
  };
}
