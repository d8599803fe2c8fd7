/**
 * DynamoDB adapter of a facility's instruments and their function checks, in the facility's partition: an instrument
 * at `INSTRUMENT#{uuid}`, its checks apart at `CHECK#INSTRUMENT#{instrument}#{checked at}#{uuid}`, so that listing
 * the instruments never reads checks, and the last check at or before a time is one Query with Limit 1.
 */
import { GetCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { recordFieldsOf } from '../domain/fields';
import { INSTRUMENT_TABLE, type InstrumentCheck, type InstrumentRecord, readCalibration } from '../domain/instrument';
import { documentExists } from './documents';
import { personUpsert, resolveNames, type Actor } from './persons';
import { queryAll } from './query';
import { ITEM_TYPES, keys, recordOf, type Tenant } from './table';
import { newPut, transactWrite, versionedPut } from './transact';

/** The port the instrument service and the measurement use. */
export interface InstrumentStore {
  get(tenant: Tenant, uuid: string, options?: { consistent?: boolean }): Promise<InstrumentRecord | undefined>;
  /** Every instrument of the facility (in no particular order). */
  list(tenant: Tenant): Promise<InstrumentRecord[]>;
  create(record: InstrumentRecord, actor: Actor): Promise<void>;
  /** Fails with ConditionFailedError when the stored version is no longer `previous.Version`. */
  update(previous: InstrumentRecord, next: InstrumentRecord, actor: Actor): Promise<void>;
  /** Records a check; ConditionFailedError when the instrument is gone. */
  addCheck(check: InstrumentCheck, actor: Actor): Promise<void>;
  /** An instrument's checks, newest CheckedAt first. */
  checks(tenant: Tenant, instrument: string): Promise<InstrumentCheck[]>;
  /** The last check at or before `at`, if any (one Query). */
  lastCheck(tenant: Tenant, instrument: string, at: string): Promise<InstrumentCheck | undefined>;
  documentExists(tenant: Tenant, uuid: string): Promise<boolean>;
  names(client: string, ids: readonly string[]): Promise<Map<string, string>>;
}

const FIELDS = [...recordFieldsOf(INSTRUMENT_TABLE), 'Client', 'Facility'];
const CHECK_FIELDS = [
  'Client',
  'Facility',
  'Uuid',
  'InstrumentUuid',
  'CheckedAt',
  'Result',
  'Reading',
  'Note',
  'CheckedBy',
  'CreatedAt',
] as const satisfies readonly (keyof InstrumentCheck)[];

const tenantOf = (r: { Client: string; Facility: string }): Tenant => ({ client: r.Client, facility: r.Facility });

export const instrumentItem = (record: InstrumentRecord) => ({
  PK: keys.tenant(tenantOf(record)),
  SK: keys.instrument(record.Uuid),
  Type: ITEM_TYPES.instrument,
  ...record,
});

export const checkItem = (check: InstrumentCheck) => ({
  PK: keys.tenant(tenantOf(check)),
  SK: keys.instrumentCheck(check.InstrumentUuid, check.CheckedAt, check.Uuid),
  Type: ITEM_TYPES.instrumentCheck,
  ...check,
});

const toRecord = (item: Record<string, unknown>): InstrumentRecord => {
  const record = recordOf<InstrumentRecord>(FIELDS, item);
  return { ...record, Calibrations: (record.Calibrations ?? []).map(readCalibration) };
};
const toCheck = (item: Record<string, unknown>) => recordOf<InstrumentCheck>(CHECK_FIELDS, item);

export function dynamoInstrumentStore(db: DynamoDBDocumentClient, tableName: string): InstrumentStore {
  return {
    async get(tenant, uuid, options = {}) {
      const out = await db.send(
        new GetCommand({
          TableName: tableName,
          Key: { PK: keys.tenant(tenant), SK: keys.instrument(uuid) },
          ConsistentRead: options.consistent ?? false,
        }),
      );
      return out.Item && toRecord(out.Item);
    },

    async list(tenant) {
      const items = await queryAll(db, tableName, {
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.tenant(tenant), ':prefix': keys.instrumentPrefix },
      });
      return items.map(toRecord);
    },

    async create(record, actor) {
      await transactWrite(db, [
        newPut(tableName, instrumentItem(record)),
        personUpsert(tableName, record.Client, actor, record.CreatedAt),
      ]);
    },

    async update(previous, next, actor) {
      await transactWrite(db, [
        versionedPut(tableName, instrumentItem(next), previous.Version),
        personUpsert(tableName, next.Client, actor, next.UpdatedAt),
      ]);
    },

    async addCheck(check, actor) {
      await transactWrite(db, [
        newPut(tableName, checkItem(check)),
        // The instrument must still be there: a check of nothing is not kept.
        {
          ConditionCheck: {
            TableName: tableName,
            Key: { PK: keys.tenant(tenantOf(check)), SK: keys.instrument(check.InstrumentUuid) },
            ConditionExpression: 'attribute_exists(PK)',
          },
        },
        personUpsert(tableName, check.Client, actor, check.CreatedAt),
      ]);
    },

    async checks(tenant, instrument) {
      const items = await queryAll(db, tableName, {
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.tenant(tenant), ':prefix': keys.instrumentChecksPrefix(instrument) },
        ScanIndexForward: false,
      });
      return items.map(toCheck);
    },

    async lastCheck(tenant, instrument, at) {
      const prefix = keys.instrumentChecksPrefix(instrument);
      const out = await db.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
          // `~` sorts after every character of a check's uuid: every check of second `at` is included.
          ExpressionAttributeValues: { ':pk': keys.tenant(tenant), ':from': prefix, ':to': `${prefix}${at}#~` },
          ScanIndexForward: false,
          Limit: 1,
          ConsistentRead: true,
        }),
      );
      const item = out.Items?.[0];
      return item && toCheck(item);
    },

    documentExists: (tenant, uuid) => documentExists(db, tableName, tenant, uuid),
    names: (client, ids) => resolveNames(db, tableName, client, ids),
  };
}
