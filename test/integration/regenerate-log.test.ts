/**
 * shared/operations/regenerate-log.ts on DynamoDB Local, on a table of its own (it reads every shard of the
 * all-tenant log): the page buckets of each shard checked against the log's index, shard after shard; a dry run only
 * counts the drift, a run corrects it, and a second run finds none.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureTable } from '../../infra/local/emulators';
import { batchPut } from '../../shared/data/batch';
import { allPagesOf, MAINTENANCE_SHARDS, maintenanceItem } from '../../shared/data/maintenance';
import { startVerify } from '../../shared/data/bucket-verify';
import { createEntry } from '../../shared/domain/maintenance';
import { checkLogShards, type LogState } from '../../shared/operations/regenerate-log';
import { documentClient, runtime } from '../support/api';

const db = documentClient();
const table = `regenerate-log-${randomUUID()}`;
const now = new Date('2026-11-20T08:00:00Z');

/** Every shard checked from the first, as regenerateSequenceMemory's last part runs: the drift of each. */
async function checkAll(dryRun: boolean): Promise<number[]> {
  const drifts: number[] = [];
  let log: LogState | undefined = { shard: 0, verify: startVerify() };
  while (log) {
    const step: Awaited<ReturnType<typeof checkLogShards>> = await checkLogShards(db, table, log, dryRun);
    expect(step.progress.phase).toBe(`all-tenant log, shard ${log.shard + 1} of ${MAINTENANCE_SHARDS}`);
    if (step.drift !== undefined) drifts.push(step.drift);
    log = step.next;
  }
  return drifts;
}
const bucketsOf = async (shard: number) => {
  const scope = allPagesOf(shard);
  const out = await db.send(
    new QueryCommand({
      TableName: table,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
      ExpressionAttributeValues: { ':pk': scope.pk, ':p': scope.prefix },
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? []).reduce((sum, b) => sum + (b.N as number), 0);
};

beforeAll(async () => {
  // No stream follows this table: the log's entries are there, its buckets are not.
  await ensureTable(runtime().dynamodbEndpoint, table, { stream: false });
  const entries = Array.from({ length: 40 }, () =>
    createEntry(
      { client: randomUUID(), facility: randomUUID() },
      randomUUID(),
      { IncidentTitle: 't', IncidentCause: 'c', IncidentDateStart: '2026-11-01 00:00:00' },
      'ada',
      now,
    ),
  );
  await batchPut(db, table, entries.map(maintenanceItem));
});

describe('the all-tenant log check', () => {
  it("counts every shard's drift in a dry run, writing nothing; a run corrects it; then there is none", async () => {
    const dry = await checkAll(true);
    expect(dry).toHaveLength(MAINTENANCE_SHARDS);
    expect(dry.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    for (let shard = 0; shard < MAINTENANCE_SHARDS; shard++) expect(await bucketsOf(shard)).toBe(0);
    expect(await checkAll(false)).toEqual(dry);
    let total = 0;
    for (let shard = 0; shard < MAINTENANCE_SHARDS; shard++) total += await bucketsOf(shard);
    expect(total).toBe(40);
    expect(await checkAll(false)).toEqual(Array(MAINTENANCE_SHARDS).fill(0));
  });
});
