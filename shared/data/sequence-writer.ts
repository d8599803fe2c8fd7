/**
 * The one ordered writer of the sequence memory: applies the table's change stream (DynamoDB Streams
 * on AWS, the same stream of DynamoDB Local in the local runtime) to counters and page buckets.
 *
 * Requests write only their own item, so they never contend; this writer turns each change of a
 * counted item into counter and bucket changes, and enters a facility in its client's facility index when the
 * first of its records is created (shared/data/facilities.ts). A facility's items share a partition, so their
 * changes arrive in order in one shard, applied by one invocation at a time: writes of one facility
 * never race each other here either.
 *
 * Delivery is at least once (a failed batch is delivered again), so every write is guarded by the
 * stream sequence number it has applied up to (`Seq`, zero-padded so strings compare as numbers):
 * - a counter item, and a page bucket of a facility's own collections, carries the last sequence
 *   number it counted; changes at or below it are skipped (a change touches one bucket per scope);
 * - bucket scopes shared across facilities (the all-tenant log shards) cannot compare sequence numbers
 *   of different shards: their changes are written in transactions with the progress item (`SEQ#PAGES`) of each
 *   facility whose records they carry, conditional on the versions read, and planned again when another
 *   writer got there first.
 */
import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { retrying } from '../retry';
import { batchGet } from './batch';
import { facilityNotes } from './facilities';
import { planBuckets, type BucketChange } from './bucket-plan';
import { bucketItem, readBucketsFrom, type BucketScope } from './sequence';
import { ITEM_TYPES, keys } from './table';
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
function deltaOf(record: ChangeRecord, membershipOf: (item: Record<string, unknown> | undefined) => Membership): Delta {
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
      ...before.pages
        .filter((p) => !afterPages.has(pageId(p)))
        .map((p) => ({ scope: p.scope, change: { op: 'remove' as const, key: p.key } })),
      ...after.pages
        .filter((p) => !beforePages.has(pageId(p)))
        .map((p) => ({ scope: p.scope, change: { op: 'insert' as const, key: p.key } })),
    ],
  };
}

const lostRace = (error: unknown) => error instanceof ConditionFailedError;

export function sequenceWriter(
  db: DynamoDBDocumentClient,
  tableName: string,
  membershipOf: (item: Record<string, unknown> | undefined) => Membership,
) {
  const noteFacilities = facilityNotes(db, tableName);

  /** Adds the deltas a counter has not counted yet. */
  async function applyCounter(pk: string, sk: string, changes: { seq: string; delta: number }[]): Promise<void> {
    await retrying(async () => {
      const stored = (
        await db.send(new GetCommand({ TableName: tableName, Key: { PK: pk, SK: sk }, ConsistentRead: true }))
      ).Item;
      const seen = stored?.Seq as string | undefined;
      const fresh = changes.filter((c) => seen === undefined || c.seq > seen);
      if (!fresh.length) return;
      const delta = fresh.reduce((sum, c) => sum + c.delta, 0);
      await conditional(
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { PK: pk, SK: sk },
            UpdateExpression: 'SET N = if_not_exists(N, :zero) + :delta, Seq = :seq, #type = :type',
            ConditionExpression: seen === undefined ? 'attribute_not_exists(Seq)' : 'Seq = :seen',
            ExpressionAttributeNames: { '#type': 'Type' },
            ExpressionAttributeValues: {
              ':zero': 0,
              ':delta': delta,
              ':seq': fresh[fresh.length - 1]!.seq,
              ':type': ITEM_TYPES.counter,
              ...(seen === undefined ? {} : { ':seen': seen }),
            },
          }),
        ),
      );
    }, lostRace);
  }

  /** The buckets `changes` can touch: from the one holding the smallest changed key upward, read consistently. */
  const readTouched = (scope: BucketScope, changes: readonly BucketChange[]) =>
    readBucketsFrom(db, tableName, scope, changes.map((c) => c.key).sort()[0]!, true);

  /** Groups bucket changes by scope, in stream order. */
  function byScope(changes: readonly { scope: BucketScope; change: BucketChange }[]) {
    const scopes = new Map<string, { scope: BucketScope; changes: BucketChange[] }>();
    for (const { scope, change } of changes) {
      const entry = scopes.get(scopeId(scope)) ?? { scope, changes: [] };
      entry.changes.push(change);
      scopes.set(scopeId(scope), entry);
    }
    return [...scopes.values()];
  }

  const bucketPut = (scope: BucketScope, { bucket, created }: ReturnType<typeof planBuckets>[number]) => ({
    TableName: tableName,
    Item: bucketItem(scope, { ...bucket, version: bucket.version + 1 }),
    ConditionExpression: created ? 'attribute_not_exists(SK)' : 'V = :v',
    ...(created ? {} : { ExpressionAttributeValues: { ':v': bucket.version } }),
  });

  /**
   * A facility's own bucket scopes: every change touches one bucket, which remembers the last change
   * it counted, so each bucket is written alone (conditional on the version read).
   */
  async function applyOwnPages(changes: { scope: BucketScope; change: BucketChange }[]): Promise<void> {
    await Promise.all(
      byScope(changes).map(({ scope, changes: scoped }) =>
        retrying(async () => {
          const planned = planBuckets(await readTouched(scope, scoped), scoped);
          await Promise.all(planned.map((p) => conditional(db.send(new PutCommand(bucketPut(scope, p))))));
        }, lostRace),
      ),
    );
  }

  /**
   * Bucket scopes shared with other facilities (the all-tenant log shards), for the facilities of one lane (those
   * sharing the same scopes): their changes are written in transactions of at most RECORDS_PER_TRANSACTION records,
   * each with the progress item of every facility it carries records of, conditional on the progress and the bucket
   * versions read. A transaction carries records of many facilities (one each when a burst spreads over many), so a
   * lane takes a few transactions per batch, not one per facility; a facility's records beyond one transaction go to
   * the next ones, in order.
   */
  async function applySharedPages(lane: readonly [string, Delta[]][]): Promise<void> {
    const groups: Map<string, Delta[]>[] = [];
    let group = new Map<string, Delta[]>();
    let records = 0;
    for (const [partition, deltas] of lane) {
      const withPages = deltas.filter((d) => d.pages.length);
      for (let i = 0; i < withPages.length; i += RECORDS_PER_TRANSACTION) {
        const chunk = withPages.slice(i, i + RECORDS_PER_TRANSACTION);
        if (records + chunk.length > RECORDS_PER_TRANSACTION || group.has(partition)) {
          groups.push(group);
          group = new Map();
          records = 0;
        }
        group.set(partition, chunk);
        records += chunk.length;
      }
    }
    if (group.size) groups.push(group);
    for (const chunks of groups) {
      await retrying(async () => {
        const progress = new Map(
          (
            await batchGet(
              db,
              tableName,
              [...chunks.keys()].map((partition) => ({ PK: partition, SK: keys.sequenceProgress })),
              { consistent: true },
            )
          ).map((item) => [String(item.PK), item.Seq as string | undefined]),
        );
        const fresh = [...chunks].flatMap(([partition, chunk]) => {
          const seen = progress.get(partition);
          const unseen = chunk.filter((d) => seen === undefined || d.seq > seen);
          return unseen.length ? [{ partition, seen, deltas: unseen }] : [];
        });
        if (!fresh.length) return;
        const writes: TransactWriteItem[] = [];
        await Promise.all(
          byScope(fresh.flatMap((f) => f.deltas.flatMap((d) => d.pages))).map(async ({ scope, changes }) => {
            for (const planned of planBuckets(await readTouched(scope, changes), changes))
              writes.push({ Put: bucketPut(scope, planned) });
          }),
        );
        for (const { partition, seen, deltas } of fresh)
          writes.push({
            Update: {
              TableName: tableName,
              Key: { PK: partition, SK: keys.sequenceProgress },
              UpdateExpression: 'SET Seq = :seq, #type = :type',
              ConditionExpression: seen === undefined ? 'attribute_not_exists(Seq)' : 'Seq = :seen',
              ExpressionAttributeNames: { '#type': 'Type' },
              ExpressionAttributeValues: {
                ':seq': deltas[deltas.length - 1]!.seq,
                ':type': ITEM_TYPES.sequenceProgress,
                ...(seen === undefined ? {} : { ':seen': seen }),
              },
            },
          });
        await transactWrite(db, writes);
      }, lostRace);
    }
  }

  /** A lane's bucket changes: each facility's own scopes bucket by bucket, the shared ones together. */
  async function applyPages(lane: readonly [string, Delta[]][]): Promise<void> {
    const own = lane.flatMap(([partition, deltas]) =>
      deltas.flatMap((d) =>
        d.pages
          .filter((p) => p.scope.pk === partition)
          .map((p) => ({ scope: p.scope, change: { ...p.change, seq: d.seq } })),
      ),
    );
    const shared = lane.map(
      ([partition, deltas]) =>
        [partition, deltas.map((d) => ({ ...d, pages: d.pages.filter((p) => p.scope.pk !== partition) }))] as [
          string,
          Delta[],
        ],
    );
    await Promise.all([applyOwnPages(own), applySharedPages(shared)]);
  }

  return {
    /** Applies a batch of stream records (in stream order). */
    async apply(records: readonly ChangeRecord[]): Promise<{ counters: number; pages: number; facilities: number }> {
      const facilities = noteFacilities(records.flatMap((r) => (r.after && !r.before ? [String(r.after.PK)] : [])));
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
      // Counters are a facility's own items: all at once. A bucket scope may be shared by facilities
      // (an all-tenant log shard): the partitions sharing one form a lane, written together in turn, so a batch
      // never races itself; lanes go side by side.
      const counting = Promise.all([...byCounter.values()].map((c) => applyCounter(c.pk, c.sk, c.changes)));
      const lanes = new Map<string, [string, Delta[]][]>();
      for (const [partition, deltas] of partitions) {
        const shared = [
          ...new Set(deltas.flatMap((d) => d.pages.map((p) => p.scope.pk)).filter((pk) => pk !== partition)),
        ]
          .sort()
          .join('|');
        const lane = shared || partition;
        lanes.set(lane, [...(lanes.get(lane) ?? []), [partition, deltas]]);
      }
      let pages = 0;
      const paging = Promise.all(
        [...lanes.values()].map(async (lane) => {
          await applyPages(lane);
          pages += lane.reduce((sum, [, deltas]) => sum + deltas.filter((d) => d.pages.length).length, 0);
        }),
      );
      // Awaited together: when one part fails, the others' failures are this batch's too, never a rejection nobody
      // waits for (which stops the function's process).
      const [, , noted] = await Promise.all([counting, paging, facilities]);
      return { counters: byCounter.size, pages, facilities: noted };
    },
  };
}
