/**
 * DynamoDB adapter of a facility's settings: one item in the facility's partition (`SETTINGS`), written on first read
 * with the defaults and changed under its version. Whether the facility has a closed container (in DECAY or later) is
 * read from its containers' items, stopping at the first.
 */
import { GetCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { FacilitySettingsRecord } from '../domain/facility-settings';
import { ITEM_TYPES, keys, recordOf, type Tenant } from './table';
import { ConditionFailedError, newPut, transactWrite, versionedPut } from './transact';

/** The port the settings service (and whatever reads a facility's regime) uses. */
export interface SettingsStore {
  get(tenant: Tenant, options?: { consistent?: boolean }): Promise<FacilitySettingsRecord | undefined>;
  /** Writes the first settings of a facility; false when another request wrote them first. */
  create(record: FacilitySettingsRecord): Promise<boolean>;
  /** Writes `next` if the stored settings still have `previous.Version` (ConditionFailedError otherwise). */
  update(previous: FacilitySettingsRecord, next: FacilitySettingsRecord): Promise<void>;
  /** Whether the facility has a container in DECAY or later: 1 if it has, 0 if not (it stops at the first). */
  closedContainers(tenant: Tenant): Promise<number>;
}

const FIELDS = ['Client', 'Facility', 'Regime', 'TimeZone', 'RecordLanguage', 'Version', 'CreatedAt', 'UpdatedAt'];

export const settingsItem = (r: FacilitySettingsRecord) => ({
  PK: keys.tenant({ client: r.Client, facility: r.Facility }),
  SK: keys.settings,
  Type: ITEM_TYPES.facilitySettings,
  ...r,
});

/** The states of a closed container: the regime it was closed under holds for it. */
const CLOSED = ['DECAY', 'RELEASE_DATE_REACHED', 'DISPATCHED', 'DISPOSED'];

export function dynamoSettingsStore(db: DynamoDBDocumentClient, tableName: string): SettingsStore {
  return {
    async get(tenant, options = {}) {
      const out = await db.send(
        new GetCommand({
          TableName: tableName,
          Key: { PK: keys.tenant(tenant), SK: keys.settings },
          ConsistentRead: options.consistent ?? false,
        }),
      );
      return out.Item && recordOf<FacilitySettingsRecord>(FIELDS, out.Item);
    },

    async create(record) {
      try {
        await transactWrite(db, [newPut(tableName, settingsItem(record))]);
        return true;
      } catch (error) {
        if (error instanceof ConditionFailedError) return false;
        throw error;
      }
    },

    async update(previous, next) {
      await transactWrite(db, [versionedPut(tableName, settingsItem(next), previous.Version)]);
    },

    async closedContainers(tenant) {
      let start: Record<string, unknown> | undefined;
      do {
        const out = await db.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
            FilterExpression: '#type = :container AND #state IN (:s0, :s1, :s2, :s3)',
            ExpressionAttributeNames: { '#type': 'Type', '#state': 'State' },
            ExpressionAttributeValues: {
              ':pk': keys.tenant(tenant),
              ':prefix': 'CONTAINER#',
              ':container': ITEM_TYPES.container,
              ...Object.fromEntries(CLOSED.map((s, i) => [`:s${i}`, s])),
            },
            ProjectionExpression: 'PK',
            ConsistentRead: true,
            ExclusiveStartKey: start,
          }),
        );
        if (out.Items?.length) return 1;
        start = out.LastEvaluatedKey;
      } while (start);
      return 0;
    },
  };
}
