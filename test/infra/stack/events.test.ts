/**
 * The event functions of each stage (infra/events.ts): the schedules of the release sweep and the archive check, the
 * document bucket's notifications, the table's change stream, their grants and their dead-letter queues.
 */
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { COUNTED_TYPES } from '../../../shared/data/counted';
import { CROSS_TENANT_INDEXES, TABLE_DEFINITION } from '../../../shared/data/table';
import { DOCUMENT_FILES_PREFIX } from '../../../shared/domain/document';
import { eventFunctions } from '../../../shared/routes';
import { STAGES } from '../../../infra/stages';
import { ownStatements, type Resource, roleActions, type Statement, stageOf } from '../support/stack';

/** What reads or writes items (not the stream's records). */
const ITEM_ACTION =
  /^dynamodb:(GetItem|BatchGetItem|Query|PutItem|UpdateItem|DeleteItem|BatchWriteItem|ConditionCheckItem)$/;

describe.each(STAGES)('events (%s)', (stage) => {
  const { template, eventFnIds, functions, roleIdOf, tableId, bucketId } = stageOf(stage);

  it('runs the scheduled functions from EventBridge rate rules: the sweep each minute, the archive check daily', () => {
    const scheduled = eventFunctions.filter((e) => e.source === 'schedule');
    const rates: Record<string, string> = {
      'container.releaseSweep': 'rate(1 minute)',
      'container.archiveCheck': 'rate(1 day)',
    };
    expect(scheduled.map((e) => e.name)).toEqual(Object.keys(rates));
    for (const event of scheduled) {
      template.hasResourceProperties('AWS::Events::Rule', {
        ScheduleExpression: rates[event.name],
        State: 'ENABLED',
        Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [eventFnIds.get(event.name), 'Arn'] } })],
      });
      template.hasResourceProperties('AWS::Lambda::Permission', {
        FunctionName: { 'Fn::GetAtt': [eventFnIds.get(event.name), 'Arn'] },
        Principal: 'events.amazonaws.com',
      });
    }
  });

  it('calls the event functions on their S3 events', () => {
    for (const event of eventFunctions.filter((e) => e.source === 'files:objectCreated')) {
      template.hasResourceProperties('Custom::S3BucketNotifications', {
        BucketName: { Ref: bucketId },
        NotificationConfiguration: {
          LambdaFunctionConfigurations: Match.arrayWith([
            {
              Events: ['s3:ObjectCreated:*'],
              LambdaFunctionArn: { 'Fn::GetAtt': [eventFnIds.get(event.name), 'Arn'] },
              Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: DOCUMENT_FILES_PREFIX }] } },
            },
          ]),
        },
      });
    }
  });

  it(
    "feeds the table's change stream, in order, to the stream functions: counted types only, bad batches halved, " +
      'then parked',
    () => {
      template.hasResourceProperties('AWS::DynamoDB::Table', {
        StreamSpecification: { StreamViewType: TABLE_DEFINITION.streamView },
      });
      for (const event of eventFunctions.filter((e) => e.source === 'table:changes')) {
        const mappings = Object.values(
          template.findResources('AWS::Lambda::EventSourceMapping') as Record<string, Resource>,
        ).filter((m) => m.Properties.FunctionName?.Ref === eventFnIds.get(event.name));
        // Two mappings, each with the filter of its consumer (shared/data/counted.ts STREAM_CONSUMERS).
        expect(mappings).toHaveLength(2);
        for (const mapping of mappings.map((m) => m.Properties))
          expect(mapping).toMatchObject({
            EventSourceArn: { 'Fn::GetAtt': [tableId, 'StreamArn'] },
            StartingPosition: 'TRIM_HORIZON',
            BatchSize: 100,
            ParallelizationFactor: 1,
            BisectBatchOnFunctionError: true,
            DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [expect.any(String), 'Arn'] } } },
          });
        const patterns = mappings.map((m) =>
          m.Properties.FilterCriteria.Filters.map((f: { Pattern: string }) => JSON.parse(f.Pattern)),
        );
        expect(patterns).toEqual([
          [
            { dynamodb: { NewImage: { Type: { S: COUNTED_TYPES } } } },
            { dynamodb: { OldImage: { Type: { S: COUNTED_TYPES } } } },
          ],
          [
            {
              eventName: ['INSERT'],
              dynamodb: {
                Keys: { PK: { S: [{ prefix: 'C#' }] } },
                NewImage: {
                  Facility: { S: [{ exists: true }] },
                  Type: { S: [{ 'anything-but': ['Facility', ...COUNTED_TYPES] }] },
                },
              },
            },
          ],
        ]);
        expect(roleActions(template, roleIdOf(eventFnIds.get(event.name)!))).toEqual(
          expect.arrayContaining(['dynamodb:GetRecords', 'dynamodb:GetShardIterator', 'sqs:SendMessage']),
        );
      }
    },
  );

  it("keeps an event function's grants to facilities' items and its cross-tenant partitions, never a Scan", () => {
    for (const event of eventFunctions) {
      const statements = ownStatements(template, roleIdOf(eventFnIds.get(event.name)!)) as (Statement & {
        Condition?: any;
      })[];
      const onTable = statements.filter((st) => [st.Action].flat().some((a) => ITEM_ACTION.test(a)));
      expect(onTable.length).toBeGreaterThan(0);
      for (const statement of onTable) {
        expect([statement.Action].flat()).not.toContain('dynamodb:Scan');
        expect(statement.Condition?.Null).toEqual({ 'dynamodb:LeadingKeys': 'false' });
        const keys = statement.Condition['ForAllValues:StringLike']['dynamodb:LeadingKeys'] as string[];
        const across = event.allTenants ? `${CROSS_TENANT_INDEXES[event.allTenants].prefix}*` : undefined;
        expect(keys.every((k) => k === 'C#*#F#*' || k === across)).toBe(true);
      }
    }
  });

  it(
    'keeps the events of asynchronously invoked functions that failed every attempt (S3 notification, ' + 'schedule)',
    () => {
      for (const event of eventFunctions.filter((e) => e.source !== 'table:changes')) {
        const dlq = functions[eventFnIds.get(event.name)!]!.Properties.DeadLetterConfig;
        expect(dlq?.TargetArn?.['Fn::GetAtt']?.[1], event.name).toBe('Arn');
      }
    },
  );
});
