/**
 * DynamoDB adapter of a container's decision measurements: each an item of the facility's partition at
 * `MEASUREMENT#CONTAINER#{container}#{measured at}#{uuid}`, apart from `CONTAINER#{uuid}#` (which a container load
 * reads whole), kept as made. A measurement is written with the container's audit entry and the container's next
 * version in one transaction: the container's ETag moves, so a release that read it before reads it again.
 */
import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ContainerRecord } from '../domain/container-fields';
import { MEASUREMENT_FIELDS, pick } from '../domain/decision-measurement-fields';
import { measurementSummary, type MeasurementRecord } from '../domain/measurement';
import { besideContainer } from './container-items';
import type { WriteContext } from './container-store';
import { resolveNames } from './persons';
import { queryAll } from './query';
import { ITEM_TYPES, keys, type Tenant } from './table';
import { transactWrite } from './transact';

/** The port the measurement service and the release use. */
export interface MeasurementStore {
  /** A container's measurements, newest MeasuredAt first. */
  list(tenant: Tenant, container: string): Promise<MeasurementRecord[]>;
  /** The newest measurement of a container (one Query, Limit 1). */
  newest(tenant: Tenant, container: string): Promise<MeasurementRecord | undefined>;
  /**
   * Writes the measurement, the container's audit entry and the container as `next`, if it still has
   * `previous.Version` (ConditionFailedError otherwise).
   */
  record(
    previous: ContainerRecord,
    next: ContainerRecord,
    measurement: MeasurementRecord,
    write: WriteContext,
  ): Promise<void>;
  names(client: string, ids: readonly string[]): Promise<Map<string, string>>;
}

/** What a stored measurement holds: its tenant and the model's members but the name (read from the directory). */
const FIELDS = ['Client', 'Facility', ...MEASUREMENT_FIELDS.filter((f) => f !== 'MeasuredByName')];

export const measurementItem = (m: MeasurementRecord) => ({
  PK: keys.tenant({ client: m.Client, facility: m.Facility }),
  SK: keys.measurement(m.ContainerUuid, m.MeasuredAt, m.Uuid),
  Type: ITEM_TYPES.decisionMeasurement,
  ...m,
});

const toRecord = (item: Record<string, unknown>) => pick<MeasurementRecord>(FIELDS, item);

export function dynamoMeasurementStore(db: DynamoDBDocumentClient, tableName: string): MeasurementStore {
  const byContainer = (tenant: Tenant, container: string) => ({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.tenant(tenant), ':prefix': keys.measurementsPrefix(container) },
    ScanIndexForward: false,
  });

  return {
    list: async (tenant, container) => (await queryAll(db, tableName, byContainer(tenant, container))).map(toRecord),

    async newest(tenant, container) {
      const out = await db.send(
        new QueryCommand({ TableName: tableName, ...byContainer(tenant, container), Limit: 1, ConsistentRead: true }),
      );
      const item = out.Items?.[0];
      return item && toRecord(item);
    },

    async record(previous, next, measurement, write) {
      const change = { field: 'DecisionMeasurement', old: null, new: measurementSummary(measurement) };
      await transactWrite(db, besideContainer(tableName, measurementItem(measurement), previous, next, change, write));
    },

    names: (client, ids) => resolveNames(db, tableName, client, ids),
  };
}
