/**
 * DynamoDB adapter of a container's decay-in-storage surveys: each an item of the facility's partition at
 * `SURVEY#CONTAINER#{container}#{surveyed at}#{uuid}`, apart from `CONTAINER#{uuid}#`, kept as made. A survey is
 * written with the container's audit entry and its next version in one transaction (its ETag moves), as a decision
 * measurement is.
 */
import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ContainerRecord } from '../domain/container-fields';
import type { SurveyRecord } from '../domain/regimes/us-nrc-10cfr35/survey';
import { besideContainer } from './container-items';
import type { WriteContext } from './container-store';
import { resolveNames } from './persons';
import { ITEM_TYPES, keys, recordOf, type Tenant } from './table';
import { transactWrite } from './transact';

/** The port the survey service and the release use. */
export interface SurveyStore {
  /** The newest survey of a container (one Query, Limit 1). */
  newest(tenant: Tenant, container: string): Promise<SurveyRecord | undefined>;
  /** Writes the survey, the container's audit entry and the container as `next` (if still `previous.Version`). */
  record(previous: ContainerRecord, next: ContainerRecord, survey: SurveyRecord, write: WriteContext): Promise<void>;
  names(client: string, ids: readonly string[]): Promise<Map<string, string>>;
}

const FIELDS = [
  'Uuid',
  'Client',
  'Facility',
  'ContainerUuid',
  'SurveyedAt',
  'SurveyedBy',
  'Instrument',
  'Unit',
  'Scale',
  'NoShielding',
  'Background',
  'Surface',
  'NetReading',
  'DecisionThreshold',
  'CoverageFactor',
  'AtBackground',
  'CreatedAt',
] as const satisfies readonly (keyof SurveyRecord)[];

export const surveyItem = (s: SurveyRecord) => ({
  PK: keys.tenant({ client: s.Client, facility: s.Facility }),
  SK: keys.survey(s.ContainerUuid, s.SurveyedAt, s.Uuid),
  Type: ITEM_TYPES.survey,
  ...s,
});

export function dynamoSurveyStore(db: DynamoDBDocumentClient, tableName: string): SurveyStore {
  return {
    async newest(tenant, container) {
      const out = await db.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
          ExpressionAttributeValues: { ':pk': keys.tenant(tenant), ':prefix': keys.surveysPrefix(container) },
          ScanIndexForward: false,
          Limit: 1,
          ConsistentRead: true,
        }),
      );
      const item = out.Items?.[0];
      return item && recordOf<SurveyRecord>(FIELDS, item);
    },

    async record(previous, next, survey, write) {
      const change = {
        field: 'Survey',
        old: null,
        new: {
          Uuid: survey.Uuid,
          SurveyedAt: survey.SurveyedAt,
          Unit: survey.Unit,
          Background: survey.Background.Reading,
          Surface: survey.Surface.Reading,
          AtBackground: survey.AtBackground,
        },
      };
      await transactWrite(db, besideContainer(tableName, surveyItem(survey), previous, next, change, write));
    },

    names: (client, ids) => resolveNames(db, tableName, client, ids),
  };
}
