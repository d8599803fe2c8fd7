/**
 * What the release reads of the facility's clearance notices and of a container's decision measurements, from the
 * facility's partition (NoticeReader and MeasurementReader of shared/services/release-act.ts).
 */
import { GetCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { inForce, type ClearanceNotice } from '../domain/clearance-notice';
import type { DecisionMeasurement } from '../domain/decision-measurement';
import type { MeasurementReader, NoticeReader } from '../services/release-act';
import { queryAll } from './query';
import { keys, type Tenant } from './table';

const NOTICE_PREFIX = keys.clearanceNotice('');

export function dynamoNoticeReader(db: DynamoDBDocumentClient, tableName: string): NoticeReader {
  return {
    async get(tenant: Tenant, uuid: string) {
      const out = await db.send(
        new GetCommand({ TableName: tableName, Key: { PK: keys.tenant(tenant), SK: keys.clearanceNotice(uuid) } }),
      );
      return out.Item as ClearanceNotice | undefined;
    },
    async inForce(tenant: Tenant, at: string) {
      const items = await queryAll(db, tableName, {
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.tenant(tenant), ':prefix': NOTICE_PREFIX },
      });
      return (items as unknown as ClearanceNotice[]).filter((n) => inForce(n, at));
    },
  };
}

export function dynamoMeasurementReader(db: DynamoDBDocumentClient, tableName: string): MeasurementReader {
  return {
    async latest(tenant: Tenant, containerUuid: string) {
      const out = await db.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
          ExpressionAttributeValues: { ':pk': keys.tenant(tenant), ':prefix': `MEASUREMENT#${containerUuid}#` },
          ScanIndexForward: false,
          Limit: 1,
        }),
      );
      return out.Items?.[0] as DecisionMeasurement | undefined;
    },
  };
}
