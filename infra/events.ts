/**
 * The event functions of a stage (shared/routes `eventFunctions`): document files landing in the
 * bucket, the table's change stream (the one ordered writer of the sequence memory), the schedules of
 * the release sweep and the archive check. Whatever fails every attempt waits in a dead-letter queue.
 * Each function is in the resource group of its folder (infra/groups.ts); the queues, which hold data,
 * are in the stage's stack.
 */
import { Duration } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { FilterCriteria, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { EventType } from 'aws-cdk-lib/aws-s3';
import { LambdaDestination } from 'aws-cdk-lib/aws-s3-notifications';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { STREAM_BATCH_SIZE, STREAM_CONSUMERS } from '../shared/data/counted';
import { DOCUMENT_FILES_PREFIX } from '../shared/domain/document';
import { eventFunctions } from '../shared/routes';
import { accessLevel } from './access/levels';
import { constructIdOf } from './construct-names';
import type { ServiceFunction } from './function';
import type { FunctionGroupProps } from './groups';
import { acknowledge } from './nag';

export class Events extends Construct {
  /** By event function name (`sequence.changes`). */
  readonly functions: ReadonlyMap<string, ServiceFunction>;
  /** Where events that failed every attempt wait (S3 and schedule functions, the stream's parked batches). */
  readonly deadLetterQueues: readonly Queue[];

  constructor(scope: Construct, id: string, { stage, storage, environment, groups }: FunctionGroupProps) {
    super(scope, id);
    const queues: Queue[] = [];
    /** A queue that keeps what failed every attempt (it is itself the dead-letter queue: none behind it). */
    const parkingQueue = (queueId: string) => {
      const queue = new Queue(this, queueId, {
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(14),
      });
      acknowledge(queue, 'AwsSolutions-SQS3', 'This queue is the dead-letter queue of failed events.');
      acknowledge(queue, 'Serverless-SQSRedrivePolicy', 'This queue is the dead-letter queue of failed events.');
      queues.push(queue);
      return queue;
    };

    const functions = new Map<string, ServiceFunction>();
    for (const event of eventFunctions) {
      // Events delivered asynchronously (S3, EventBridge) that fail every attempt are kept here.
      const failed = event.source === 'table:changes' ? undefined : parkingQueue(`${constructIdOf(event.name)}Failed`);
      // The function and its event wiring are in its group's stack; the queues stay here, beside the data.
      const group = groups.of(event.entry);
      const access = accessLevel(event, { event: event.name });
      const fn = group.add(constructIdOf(event.name), {
        access,
        entry: event.entry,
        ...(failed ? { deadLetterQueue: failed } : {}),
        description: `nm-archive ${stage}: ${event.name} (${event.source})`,
        environment,
      });
      switch (event.source) {
        case 'files:objectCreated':
          // Document files only: exports, imports and quarantine copies are no documents' files.
          storage.bucket.addEventNotification(EventType.OBJECT_CREATED, new LambdaDestination(fn), {
            prefix: DOCUMENT_FILES_PREFIX,
          });
          break;
        case 'table:changes': {
          // One ordered writer per shard (a facility's items share a partition, so a shard):
          // batches in order, a failed batch retried (halved to find a bad record), then parked.
          acknowledge(
            fn,
            'Serverless-LambdaDLQ',
            'Invoked by its event source mapping, whose on-failure destination keeps the failed batches.',
          );
          // Two mappings of the one function, each with its filter and its batches (shared/data/counted.ts).
          const parked = parkingQueue(`${constructIdOf(event.name)}Failed`);
          storage.table.grantStreamRead(fn);
          for (const [consumer, filters] of Object.entries(STREAM_CONSUMERS))
            fn.addEventSourceMapping(`${constructIdOf(consumer)}Changes`, {
              eventSourceArn: storage.table.tableStreamArn!,
              startingPosition: StartingPosition.TRIM_HORIZON,
              batchSize: STREAM_BATCH_SIZE,
              parallelizationFactor: 1,
              bisectBatchOnError: true,
              retryAttempts: 20,
              onFailure: new SqsDlq(parked),
              filters: filters.map((pattern) => FilterCriteria.filter(pattern)),
            });
          break;
        }
        case 'schedule':
          // The release sweep and the archive check each read a sparse cross-tenant index, no scan.
          new Rule(group, `${constructIdOf(event.name)}Schedule`, {
            schedule: Schedule.rate(Duration.minutes(event.everyMinutes ?? 1)),
            targets: [new LambdaFunction(fn, { retryAttempts: 2, ...(failed ? { deadLetterQueue: failed } : {}) })],
          });
          break;
      }
      functions.set(event.name, fn);
    }
    this.functions = functions;
    this.deadLetterQueues = queues;
  }
}
