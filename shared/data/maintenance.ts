/**
 * DynamoDB adapter of the maintenance log. An entry is keyed by its tenant; GSI1 lists a facility's
 * entries, GSI2 every tenant's (for role reporter), both by IncidentDateStart then Uuid. The
 * all-tenant view is write-sharded: a facility's entries all go to one of MAINTENANCE_SHARDS index
 * partitions (by a hash of the facility), each with its own page buckets, and a page merges them.
 * A write is the entry alone (and the writer's directory entry, apart); the facility's counter and
 * the shard's buckets follow from the change stream (`maintenanceMembership`).
 */
import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { queryNewestFirst } from './indexes';
import { recordFieldsOf } from '../domain/fields';
import { MAINTENANCE_TABLE, maintenanceOrderKey, type MaintenanceRecord } from '../domain/maintenance';
import { lookupNames, type NameRef } from './directory';
import { personUpsert, type Actor } from './persons';
import { sequenceMemory, type BucketScope } from './sequence';
import { NO_MEMBERSHIP, type Membership } from './sequence-writer';
import {
  CROSS_TENANT_INDEXES,
  indexKeys,
  type IndexName,
  ITEM_TYPES,
  keys,
  recordOf,
  shardOf,
  type Tenant,
} from './table';
import { conditionalPut, versionedPut } from './transact';

export interface MaintenanceStore {
  get(tenant: Tenant, uuid: string): Promise<MaintenanceRecord | undefined>;
  create(record: MaintenanceRecord, actor: Actor): Promise<void>;
  /** Fails with ConditionFailedError when the stored version is no longer `previous.Version`. */
  update(previous: MaintenanceRecord, next: MaintenanceRecord, actor: Actor): Promise<void>;
  /** A facility's entries, newest first, up to `limit`; and how many it has. */
  listTenant(tenant: Tenant, limit: number): Promise<MaintenanceRecord[]>;
  countTenant(tenant: Tenant): Promise<number>;
  /** How many entries all tenants have. */
  countAll(): Promise<number>;
  /** Every tenant's entries (role reporter), newest first, from `offset`; and how many there are. */
  pageAll(offset: number, limit: number): Promise<{ total: number; items: MaintenanceRecord[] }>;
  names(refs: readonly NameRef[]): Promise<Map<string, string>>;
}

/** Index partitions of the all-tenant view: enough to spread the writes, few enough to merge cheaply. */
export const MAINTENANCE_SHARDS = 4;
const shards = Array.from({ length: MAINTENANCE_SHARDS }, (_, shard) => shard);

/** The shard of a facility: all its entries go to the same one. */
const shardOfTenant = (tenant: Tenant) => shardOf(keys.tenant(tenant), MAINTENANCE_SHARDS);

/** The page buckets that count a shard of the all-tenant index (they lie in its partition in the table). */
const ALL_PAGES_PREFIX = 'PAGES#MLE#';
export const allPagesOf = (shard: number): BucketScope => ({
  pk: indexKeys.maintenanceShard(shard),
  prefix: ALL_PAGES_PREFIX,
});
const allPages = shards.map(allPagesOf);
const fields = recordFieldsOf(MAINTENANCE_TABLE);
const toRecord = (item: Record<string, unknown>) => recordOf<MaintenanceRecord>(fields, item);

/** A log entry as stored: keyed by its tenant, listed by GSI1 (its facility) and GSI2 (all tenants). */
export function maintenanceItem(r: MaintenanceRecord) {
  const pk = keys.tenant({ client: r.Client, facility: r.Facility });
  const order = maintenanceOrderKey(r);
  return {
    PK: pk,
    SK: keys.maintenanceEntry(r.Uuid),
    Type: ITEM_TYPES.maintenanceEntry,
    ...r,
    G1PK: indexKeys.maintenanceEntries(pk),
    G1SK: order,
    G2PK: indexKeys.maintenanceShard(shardOfTenant({ client: r.Client, facility: r.Facility })),
    G2SK: order,
  };
}

/**
 * The facility's counter and its shard's page buckets, for the stream's sequence writer: only an
 * entry in its indexes counts (an older stored shape does not), in the order of its index sort key.
 */
export function maintenanceMembership(item: Record<string, unknown>): Membership {
  if (typeof item.G1PK !== 'string' || typeof item.G2PK !== 'string' || typeof item.G2SK !== 'string')
    return NO_MEMBERSHIP;
  return {
    counters: [{ pk: String(item.PK), sk: keys.maintenanceCount }],
    pages: [{ scope: { pk: item.G2PK, prefix: ALL_PAGES_PREFIX }, key: item.G2SK }],
  };
}

export function dynamoMaintenanceStore(db: DynamoDBDocumentClient, tableName: string): MaintenanceStore {
  const memory = sequenceMemory(db, tableName);

  const query = (index: IndexName, pk: string, limit: number, before?: string) =>
    queryNewestFirst(db, tableName, { index, pk, limit, before }, toRecord);
  const pageAll = (offset: number, limit: number) =>
    memory.page(
      allPages,
      offset,
      limit,
      (shard, n, before) =>
        query(CROSS_TENANT_INDEXES.maintenanceLog.index, indexKeys.maintenanceShard(shard), n, before),
      maintenanceOrderKey,
    );

  return {
    async get(tenant, uuid) {
      const out = await db.send(
        new GetCommand({
          TableName: tableName,
          Key: { PK: keys.tenant(tenant), SK: keys.maintenanceEntry(uuid) },
          ConsistentRead: true,
        }),
      );
      return out.Item ? toRecord(out.Item) : undefined;
    },

    async create(record, actor) {
      // The directory entry first: a failed create leaves at most the caller's name behind.
      await db.send(new UpdateCommand(personUpsert(tableName, record.Client, actor, record.UpdatedAt).Update!));
      await conditionalPut(db, {
        TableName: tableName,
        Item: maintenanceItem(record),
        ConditionExpression: 'attribute_not_exists(PK)',
      });
    },

    async update(previous, next, actor) {
      await db.send(new UpdateCommand(personUpsert(tableName, next.Client, actor, next.UpdatedAt).Update!));
      await conditionalPut(db, versionedPut(tableName, maintenanceItem(next), previous.Version).Put!);
    },

    listTenant: (tenant, limit) => query('GSI1', indexKeys.maintenanceEntries(keys.tenant(tenant)), limit),

    async countTenant(tenant) {
      const out = await db.send(
        new GetCommand({ TableName: tableName, Key: { PK: keys.tenant(tenant), SK: keys.maintenanceCount } }),
      );
      return (out.Item?.N as number | undefined) ?? 0;
    },

    countAll: () => memory.total(allPages),
    pageAll,
    names: (refs) => lookupNames(db, tableName, refs),
  };
}
