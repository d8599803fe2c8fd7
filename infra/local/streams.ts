/**
 * What a Lambda event source mapping on the table's stream does on AWS, for the local runtime: reads
 * DynamoDB Local's stream of the table (the real Streams API), shard by shard in order, and hands
 * each batch of records to a function; a batch that fails is handed over again after a pause, so
 * delivery is at least once and in order, as on AWS. Each consumer (each event source mapping in the stack) gets only
 * the records its filter lets through, in batches of its own (shared/data/counted.ts STREAM_CONSUMERS).
 */
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBRecord } from 'aws-lambda';
import {
  passesStreamFilters,
  STREAM_BATCH_SIZE,
  STREAM_CONSUMERS,
  type StreamConsumer,
} from '../../shared/data/counted';
import { logger } from '../../shared/observability';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './emulators';

const POLL_MS = 50;
const RETRY_MS = 500;

export interface ChangeFollower {
  /** Resolves once every record written so far has been delivered. */
  settled(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** The record as Lambda's event carries it (times in epoch seconds). */
const asLambdaRecord = (record: StreamRecord, streamArn: string): DynamoDBRecord => ({
  ...(record as unknown as DynamoDBRecord),
  eventSourceARN: streamArn,
  dynamodb: {
    ...(record.dynamodb as unknown as DynamoDBRecord['dynamodb']),
    ApproximateCreationDateTime: Math.floor(
      (record.dynamodb?.ApproximateCreationDateTime?.getTime() ?? Date.now()) / 1000,
    ),
  },
});

/**
 * The consumers of the stream (event source mappings on AWS), read once: each consumer gets the records its filter lets
 * through, in batches of its own, beside the others.
 */
export function followChanges(options: {
  endpoint: string;
  tableName: string;
  consumers: readonly StreamConsumer[];
  deliver: (records: DynamoDBRecord[]) => Promise<void>;
}): ChangeFollower {
  const client = { endpoint: options.endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS };
  const dynamo = new DynamoDBClient(client);
  const streams = new DynamoDBStreamsClient(client);
  const iterators = new Map<string, string | undefined>();
  /** The last record delivered of each shard: where a fresh iterator resumes. */
  const delivered = new Map<string, string>();
  let stopped = false;
  let streamArn: string | undefined;
  /** When the last round that found no records waiting had started. */
  let idleRoundStarted = 0;
  let round = 0;

  async function refreshShards(): Promise<void> {
    streamArn ??= (await dynamo.send(new DescribeTableCommand({ TableName: options.tableName }))).Table
      ?.LatestStreamArn;
    if (!streamArn) throw new Error(`table ${options.tableName} has no stream`);
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    for (const shard of StreamDescription?.Shards ?? []) {
      if (!iterators.has(shard.ShardId!)) iterators.set(shard.ShardId!, await freshIterator(shard.ShardId!));
    }
  }

  /** An iterator after the last record delivered (from the oldest record when none was). */
  async function freshIterator(shard: string): Promise<string | undefined> {
    const after = delivered.get(shard);
    const { ShardIterator } = await streams.send(
      new GetShardIteratorCommand({
        StreamArn: streamArn,
        ShardId: shard,
        ...(after
          ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: after }
          : { ShardIteratorType: 'TRIM_HORIZON' }),
      }),
    );
    return ShardIterator;
  }

  /** Reads each open shard once; answers whether any records came. */
  async function pollOnce(): Promise<boolean> {
    let busy = false;
    for (const [shard, iterator] of iterators) {
      if (!iterator) continue;
      const out = await streams
        .send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }))
        .catch(async (error: Error) => {
          // An iterator DynamoDB Local no longer serves: take a fresh one where delivery stands.
          if (error.name !== 'TrimmedDataAccessException' && error.name !== 'ExpiredIteratorException') throw error;
          iterators.set(shard, await freshIterator(shard));
          return undefined;
        });
      if (!out) {
        busy = true;
        continue;
      }
      const delivering = options.consumers.map(async (consumer) => {
        const records = (out.Records ?? [])
          .filter((r) => passesStreamFilters(consumer, r as Parameters<typeof passesStreamFilters>[1]))
          .map((r) => asLambdaRecord(r, streamArn!));
        for (let i = 0; i < records.length; i += STREAM_BATCH_SIZE) {
          const batch = records.slice(i, i + STREAM_BATCH_SIZE);
          // Like the event source mapping: the same batch again until it succeeds; the shard waits.
          for (;;) {
            try {
              await options.deliver(batch);
              break;
            } catch (error) {
              logger.error('stream batch failed; delivering it again', {
                error: error as Error,
                records: batch.length,
              });
              if (stopped) return false;
              await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
            }
          }
        }
        return true;
      });
      if ((await Promise.all(delivering)).includes(false)) return false;
      const last = out.Records?.[out.Records.length - 1]?.dynamodb?.SequenceNumber;
      if (last) {
        delivered.set(shard, last);
        busy = true;
      }
      iterators.set(shard, out.NextShardIterator);
    }
    return busy;
  }

  const loop = (async () => {
    while (!stopped) {
      const started = Date.now();
      try {
        if (round % 20 === 0) await refreshShards();
        round += 1;
        if (!(await pollOnce())) idleRoundStarted = started;
      } catch (error) {
        if (stopped) break;
        logger.warn('stream read failed; trying again', { error: error as Error });
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  })();

  return {
    async settled(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      const since = Date.now();
      // A round that started after the call found nothing: everything written before it is delivered.
      while (idleRoundStarted <= since) {
        if (Date.now() > deadline) throw new Error(`stream of ${options.tableName} not settled within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    },
    async stop() {
      stopped = true;
      await loop;
      dynamo.destroy();
      streams.destroy();
    },
  };
}

/** Every consumer of the stream (STREAM_CONSUMERS), as the stack's mappings take it. */
export const followConsumers = (options: {
  endpoint: string;
  tableName: string;
  deliver: (records: DynamoDBRecord[]) => Promise<void>;
}): ChangeFollower => followChanges({ ...options, consumers: Object.keys(STREAM_CONSUMERS) as StreamConsumer[] });
