/**
 * regenerateSequenceMemory's last part: the page buckets of each shard of the all-tenant maintenance log, checked
 * against the log's index a page per step (after every segment recomputed its facilities).
 */
import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { allPagesOf, MAINTENANCE_SHARDS } from '../data/maintenance';
import { finishVerify, startVerify, verifyPage, type Verify } from '../data/bucket-verify';
import { indexPartition } from '../data/indexes';
import { indexKeys } from '../data/table';

const LOG_KEYS_PER_STEP = 5000;

/** Where the check is: a shard, its index's cursor, what the buckets read so far say. */
export interface LogState {
  shard: number;
  cursor?: Record<string, unknown>;
  verify: Verify;
}

/** One page of a shard's index against its buckets; at a shard's end its drift, and the next shard if any. */
export async function checkLogShards(db: DynamoDBDocumentClient, tableName: string, log: LogState, dryRun: boolean) {
  const out = await db.send(
    new QueryCommand({
      TableName: tableName,
      ...indexPartition('GSI2', indexKeys.maintenanceShard(log.shard)),
      ProjectionExpression: 'G2SK',
      Limit: LOG_KEYS_PER_STEP,
      ...(log.cursor ? { ExclusiveStartKey: log.cursor } : {}),
    }),
  );
  const scope = allPagesOf(log.shard);
  const keysOfPage = (out.Items ?? []).map((i) => String(i.G2SK));
  const verify = await verifyPage(db, tableName, scope, log.verify, keysOfPage, dryRun);
  const progress = {
    phase: `all-tenant log, shard ${log.shard + 1} of ${MAINTENANCE_SHARDS}`,
    processed: verify.buckets,
  };
  if (out.LastEvaluatedKey)
    return { next: { shard: log.shard, cursor: out.LastEvaluatedKey, verify } as LogState, progress };
  const { drift } = await finishVerify(db, tableName, scope, verify, dryRun);
  const next = log.shard + 1 < MAINTENANCE_SHARDS ? { shard: log.shard + 1, verify: startVerify() } : undefined;
  return { next, progress, drift };
}
