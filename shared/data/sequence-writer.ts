/**
 * The one ordered writer of the sequence memory: applies the table's change stream (DynamoDB Streams
 * on AWS, the same stream of DynamoDB Local in the local runtime) to counters and page buckets.
 *
 * Requests write only their own item, so they never contend; this writer turns each change of a
 * counted item into counter and bucket changes. A facility's items share a partition, so their
 * changes arrive in order in one shard, applied by one invocation at a time: writes of one facility
 * never race each other here either.
 *
 * Delivery is at least once (a failed batch is delivered again), so every write is guarded by the
 * stream sequence number it has applied up to (`Seq`, zero-padded so strings compare as numbers):
 * - a counter item carries the last sequence number it counted; changes at or below it are skipped;
 * - a partition's page-bucket changes are written in one transaction together with the partition's
 *   progress item (`SEQ#PAGES`), so bucket scopes shared across facilities (the all-tenant log shards)
 *   are guarded per facility too. Such a transaction is conditional on the versions it read and is
 *   planned again when another facility's writer got there first.
 */
import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { retrying } from '../retry';
import { bucketItem, planBuckets, readBuckets, type BucketChange, type BucketScope } from './sequence';
import { conditional, ConditionFailedError, transactWrite, type TransactWriteItem } from './transact';

/** What a stored item counts in: counter items and page-bucket scopes (with its key in their order). */
export interface Membership {
  counters: { pk: string; sk: string }[];
  pages: { scope: BucketScope; key: string }[];
}

export const NO_MEMBERSHIP: Membership = { counters: [], pages: [] };

/** One change of the table as the stream tells it: the item before and after (absent when created or removed). */
export interface ChangeRecord {
  sequenceNumber: string;
  before?: Record<string, unknown> | undefined;
  after?: Record<string, unknown> | undefined;
}

/** The progress item of a partition's page-bucket changes. */
export const PROGRESS_SK = 'SEQ#PAGES';
/** Record changes planned into one bucket transaction (well within its 100 items). */
const RECORDS_PER_TRANSACTION = 25;

const sequenceKey = (sequenceNumber: string) => sequenceNumber.padStart(40, '0');
const scopeId = (scope: BucketScope) => `${scope.pk}\u0000${scope.prefix}`;

interface Delta {
  seq: string;
  counters: { pk: string; sk: string; delta: number }[];
  pages: { scope: BucketScope; change: BucketChange }[];
}

/** The counter and bucket changes of one record: what it left and what it joined. */
export function deltaOf(record: ChangeRecord, membershipOf: (item: Record<string, unknown> | undefined) => Membership): Delta {
  const before = membershipOf(record.before);
  const after = membershipOf(record.after);
  const counterId = (c: { pk: string; sk: string }) => `${c.pk}\u0000${c.sk}`;
  const pageId = (p: { scope: BucketScope; key: string }) => `${scopeId(p.scope)}\u0000${p.key}`;
  const beforeCounters = new Set(before.counters.map(counterId));
  const afterCounters = new Set(after.counters.map(counterId));
  const beforePages = new Set(before.pages.map(pageId));
  const afterPages = new Set(after.pages.map(pageId));
  return {
    seq: sequenceKey(record.sequenceNumber),
    counters: [
      ...before.counters.filter((c) => !afterCounters.has(counterId(c))).map((c) => ({ ...c, delta: -1 })),
      ...after.counters.filter((c) => !beforeCounters.has(counterId(c))).map((c) => ({ ...c, delta: 1 })),
    ],
    pages: [
      ...before.pages.filter((p) => !afterPages.has(pageId(p))).map((p) => ({ scope: p.scope, change: { op: 'remove' as const, key: p.key } })),
      ...after.pages.filter((p) => !beforePages.has(pageId(p))).map((p) => ({ scope: p.scope, change: { op: 'insert' as const, key: p.key } })),
    ],
  };
}

const lostRace = (error: unknown) => error instanceof ConditionFailedError;

export function sequenceWriter(db: DynamoDBDocumentClient, tableName: string, membershipOf: (item: Record<string, unknown> | undefined) => Membership) {
  /** Adds the deltas a counter has not counted yet. */
  async function applyCounter(pk: string, sk: string, changes: { seq: string; delta: number }[]): Promise<void> {
    await retrying(async () => {
      const stored = (await db.send(new GetCommand({ TableName: tableName, Key: { PK: pk, SK: sk }, ConsistentRead: true }))).Item;
      const seen = stored?.Seq as string | undefined;
      const fresh = changes.filter((c) => seen === undefined || c.seq > seen);
      if (!fresh.length) return;
      const delta = fresh.reduce((sum, c) => sum + c.delta, 0);
      await conditional(db.send(new UpdateCommand({
        TableName: tableName,
        Key: { PK: pk, SK: sk },
        UpdateExpression: 'SET N = if_not_exists(N, :zero) + :delta, Seq = :seq, #type = :type',
        ConditionExpression: seen === undefined ? 'attribute_not_exists(Seq)' : 'Seq = :seen',
        ExpressionAttributeNames: { '#type': 'Type' },
        ExpressionAttributeValues: { ':zero': 0, ':delta': delta, ':seq': fresh[fresh.length - 1]!.seq, ':type': 'Counter', ...(seen === undefined ? {} : { ':seen': seen }) },
      })));
    }, lostRace);
  }

  /** Applies a partition's bucket changes not applied yet, one transaction per chunk of records. */
  async function applyPages(partition: string, deltas: Delta[]): Promise<void> {
    const withPages = deltas.filter((d) => d.pages.length);
    for (let i = 0; i < withPages.length; i += RECORDS_PER_TRANSACTION) {
      const chunk = withPages.slice(i, i + RECORDS_PER_TRANSACTION);
      await retrying(async () => {
        const progress = (await db.send(new GetCommand({ TableName: tableName, Key: { PK: partition, SK: PROGRESS_SK }, ConsistentRead: true }))).Item;
        const seen = progress?.Seq as string | undefined;
        const fresh = chunk.filter((d) => seen === undefined || d.seq > seen);
        if (!fresh.length) return;
        const byScope = new Map<string, { scope: BucketScope; changes: BucketChange[] }>();
        for (const { scope, change } of fresh.flatMap((d) => d.pages)) {
          const entry = byScope.get(scopeId(scope)) ?? { scope, changes: [] };
          entry.changes.push(change);
          byScope.set(scopeId(scope), entry);
        }
        const writes: TransactWriteItem[] = [];
        await Promise.all([...byScope.values()].map(async ({ scope, changes }) => {
          const planned = planBuckets(await readBuckets(db, tableName, scope, true), changes);
          for (const { bucket, created } of planned) {
            writes.push({
              Put: {
                TableName: tableName,
                Item: bucketItem(scope, { ...bucket, V: bucket.V + 1 }),
                ConditionExpression: created ? 'attribute_not_exists(SK)' : 'V = :v',
                ...(created ? {} : { ExpressionAttributeValues: { ':v': bucket.V } }),
              },
            });
          }
        }));
        writes.push({
          Update: {
            TableName: tableName,
            Key: { PK: partition, SK: PROGRESS_SK },
            UpdateExpression: 'SET Seq = :seq, #type = :type',
            ConditionExpression: seen === undefined ? 'attribute_not_exists(Seq)' : 'Seq = :seen',
            ExpressionAttributeNames: { '#type': 'Type' },
            ExpressionAttributeValues: { ':seq': fresh[fresh.length - 1]!.seq, ':type': 'SequenceProgress', ...(seen === undefined ? {} : { ':seen': seen }) },
          },
        });
        await transactWrite(db, writes);
      }, lostRace);
    }
  }

  return {
    /** Applies a batch of stream records (in stream order). */
    async apply(records: readonly ChangeRecord[]): Promise<{ counters: number; pages: number }> {
      const partitions = new Map<string, Delta[]>();
      for (const record of records) {
        const delta = deltaOf(record, membershipOf);
        if (!delta.counters.length && !delta.pages.length) continue;
        const partition = String((record.after ?? record.before)!.PK);
        partitions.set(partition, [...(partitions.get(partition) ?? []), delta]);
      }
      const byCounter = new Map<string, { pk: string; sk: string; changes: { seq: string; delta: number }[] }>();
      for (const delta of [...partitions.values()].flat()) {
        for (const c of delta.counters) {
          const id = `${c.pk}\u0000${c.sk}`;
          const entry = byCounter.get(id) ?? { pk: c.pk, sk: c.sk, changes: [] };
          entry.changes.push({ seq: delta.seq, delta: c.delta });
          byCounter.set(id, entry);
        }
      }
      // Counters are a facility's own items: all at once. Bucket scopes may be shared by facilities
      // (the all-tenant log shards): one partition after the other, so a batch never races itself.
      const counting = Promise.all([...byCounter.values()].map((c) => applyCounter(c.pk, c.sk, c.changes)));
      let pages = 0;
      for (const [partition, deltas] of partitions) {
        await applyPages(partition, deltas);
        pages += deltas.filter((d) => d.pages.length).length;
      }
      await counting;
      const counters = byCounter.size;
      return { counters, pages };
    },
  };
}

export type SequenceWriter = ReturnType<typeof sequenceWriter>;
