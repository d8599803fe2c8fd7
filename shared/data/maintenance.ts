/**
 * DynamoDB adapter of the maintenance log. An entry is keyed by its tenant; GSI1 lists a facility's
 * entries and GSI2 every tenant's (for role reporter), both by IncidentDateStart then Uuid. Each
 * write keeps, in the same transaction, the facility's counter, the page buckets of the all-tenant
 * collection (shared/data/sequence.ts) and the writer's directory entry.
 */
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { queryNewestFirst } from './indexes';
import { maintenanceOrderKey, type MaintenanceRecord } from '../domain/maintenance';
import { lookupNames, type NameRef } from './directory';
import { personUpsert, type Actor } from './persons';
import { sequenceMemory, withRetry, type BucketScope } from './sequence';
import { keys, type Tenant } from './table';
import { transactWrite, versionedPut } from './transact';

export interface MaintenanceStore {
  get(tenant: Tenant, uuid: string): Promise<MaintenanceRecord | undefined>;
  create(record: MaintenanceRecord, actor: Actor): Promise<void>;
  /** Fails with ConditionFailedError when the stored version is no longer `previous.Version`. */
  update(previous: MaintenanceRecord, next: MaintenanceRecord, actor: Actor): Promise<void>;
  /** A facility's entries, newest first, up to `limit`; and how many it has. */
  listTenant(tenant: Tenant, limit: number): Promise<MaintenanceRecord[]>;
  countTenant(tenant: Tenant): Promise<number>;
  /** Every tenant's entries (role reporter). */
  listAll(limit: number): Promise<MaintenanceRecord[]>;
  countAll(): Promise<number>;
  pageAll(offset: number, limit: number): Promise<{ total: number; items: MaintenanceRecord[] }>;
  names(refs: readonly NameRef[]): Promise<Map<string, string>>;
}

const ALL = 'MLE#ALL';
const allPages: BucketScope = { pk: ALL, prefix: 'PAGES#MLE#' };
const fields = ['Client', 'Facility', 'Uuid', 'Version', 'CreatedAt', 'UpdatedAt', 'Device', 'Reporter', 'Solver', 'State', 'IncidentTitle', 'IncidentCause', 'IncidentSolution', 'IncidentDateStart', 'IncidentDateEnd'] as const;
const toRecord = (item: Record<string, unknown>) => Object.fromEntries(fields.map((f) => [f, item[f] ?? null])) as unknown as MaintenanceRecord;

/** A log entry as stored: keyed by its tenant, listed by GSI1 (its facility) and GSI2 (all tenants). */
export function maintenanceItem(r: MaintenanceRecord) {
  const pk = keys.tenant({ client: r.Client, facility: r.Facility });
  const order = maintenanceOrderKey(r);
  return { PK: pk, SK: keys.maintenanceEntry(r.Uuid), Type: 'MaintenanceLogEntry', ...r, G1PK: `${pk}#MLE`, G1SK: order, G2PK: ALL, G2SK: order };
}

export function dynamoMaintenanceStore(db: DynamoDBDocumentClient, tableName: string): MaintenanceStore {
  const memory = sequenceMemory(db, tableName);
  const tenantOf = (r: MaintenanceRecord): Tenant => ({ client: r.Client, facility: r.Facility });

  const query = (index: 'GSI1' | 'GSI2', pk: string, limit: number, before?: string) => queryNewestFirst(db, tableName, { index, pk, limit, before }, toRecord);

  return {
    async get(tenant, uuid) {
      const out = await db.send(new GetCommand({ TableName: tableName, Key: { PK: keys.tenant(tenant), SK: keys.maintenanceEntry(uuid) }, ConsistentRead: true }));
      return out.Item ? toRecord(out.Item) : undefined;
    },

    async create(record, actor) {
      await withRetry(async () => {
        const pages = await memory.insertInto(allPages, maintenanceOrderKey(record));
        await transactWrite(db, [
          { Put: { TableName: tableName, Item: maintenanceItem(record), ConditionExpression: 'attribute_not_exists(PK)' } },
          ...pages,
          memory.counter(keys.tenant(tenantOf(record)), keys.maintenanceCount, 1),
          personUpsert(tableName, record.Client, actor, record.UpdatedAt),
        ]);
      });
    },

    async update(previous, next, actor) {
      const moved = maintenanceOrderKey(previous) !== maintenanceOrderKey(next);
      await withRetry(async () => {
        // A changed IncidentDateStart moves the entry within the all-tenant order.
        const pages = moved ? await memory.move(allPages, maintenanceOrderKey(previous), maintenanceOrderKey(next)) : [];
        await transactWrite(db, [
          versionedPut(tableName, maintenanceItem(next), previous.Version),
          ...pages,
          personUpsert(tableName, next.Client, actor, next.UpdatedAt),
        ]);
      });
    },

    listTenant: (tenant, limit) => query('GSI1', `${keys.tenant(tenant)}#MLE`, limit),

    async countTenant(tenant) {
      const out = await db.send(new GetCommand({ TableName: tableName, Key: { PK: keys.tenant(tenant), SK: keys.maintenanceCount } }));
      return (out.Item?.N as number | undefined) ?? 0;
    },

    listAll: (limit) => query('GSI2', ALL, limit),
    countAll: () => memory.total(allPages),
    pageAll: (offset, limit) => memory.page(allPages, offset, limit, (n, before) => query('GSI2', ALL, n, before)),
    names: (refs) => lookupNames(db, tableName, refs),
  };
}
