/**
 * regenerateSequenceMemory: checks every counter and page bucket against the items and corrects
 * what is wrong, reporting the drift it fixed (or, with dryRun, would fix). A correct counter or
 * bucket is not written (it keeps its version); slices may be uneven, they must be exact.
 *
 * Steps: `partitions` scans the table a page at a time for documents and log entries; a scan returns
 * each partition's items one after another, so every partition met for the first time is recomputed
 * (documents: counters per scope, reference and state, page buckets of all and per state; log
 * entries: the facility's counter), at most a few per step, and the state holds only the scan cursor
 * and the last partition done, whatever the number of tenants. `all` then checks the page buckets
 * of each shard of the all-tenant maintenance log. Best run while writes are quiet: a count taken
 * while the stream still carries changes the writer has not applied is corrected twice.
 */
import {
  GetCommand,
  QueryCommand,
  ScanCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { DOCUMENT_STATES, type DocumentRecord } from '../domain/document';
import { collectionId, membership } from '../data/documents';
import { allPagesOf, MAINTENANCE_SHARDS } from '../data/maintenance';
import { finishVerify, startVerify, verifyBuckets, verifyPage, type Verify } from '../data/sequence';
import { queryAll } from '../data/query';
import { indexKeys, ITEM_TYPES, keys } from '../data/table';
import type { Operation, StepEvent } from './step';

const SCAN_PAGE = 1000;
const LOG_KEYS_PER_STEP = 5000;
const PARTITIONS_PER_STEP = 5;

export interface RegenerateReport {
  partitions: number;
  counters: { checked: number; fixed: number; drift: number };
  buckets: { collections: number; fixed: number };
}

interface State {
  phase: 'partitions' | 'all';
  cursor?: Record<string, unknown>;
  /** The partition recomputed last: the scan may still be inside it. */
  lastPartition?: string;
  scanned: number;
  report: RegenerateReport;
  /** The all-tenant log buckets, checked shard by shard while their index is read a page per step. */
  log?: { shard: number; cursor?: Record<string, unknown>; verify: Verify };
}

export function regenerateSequenceMemory(db: DynamoDBDocumentClient, tableName: string): Operation<State> {
  const all = (input: Parameters<typeof queryAll>[2]) => queryAll(db, tableName, input);

  /** Sets a counter to what it should be; answers the drift. */
  async function fixCounter(
    pk: string,
    sk: string,
    expected: number,
    stored: number,
    event: StepEvent<State>,
    report: RegenerateReport,
  ) {
    report.counters.checked += 1;
    if (stored === expected) return;
    report.counters.fixed += 1;
    report.counters.drift += Math.abs(stored - expected);
    if (event.dryRun) return;
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: { PK: pk, SK: sk },
        UpdateExpression: 'SET N = :n, #type = :type',
        ExpressionAttributeNames: { '#type': 'Type' },
        ExpressionAttributeValues: { ':n': expected, ':type': ITEM_TYPES.counter },
      }),
    );
  }

  async function regeneratePartition(pk: string, event: StepEvent<State>, report: RegenerateReport) {
    // Documents: counters and page buckets from the facility's documents in listing order.
    const documents = (await all({
      IndexName: 'GSI1',
      KeyConditionExpression: 'G1PK = :pk',
      ExpressionAttributeValues: { ':pk': indexKeys.documents(pk) },
      ProjectionExpression: 'G1SK, #state, #scope, ScopeReference',
      ExpressionAttributeNames: { '#state': 'State', '#scope': 'Scope' },
    })) as (Pick<DocumentRecord, 'State' | 'Scope' | 'ScopeReference'> & { G1SK: string })[];
    const expected = new Map<string, number>();
    const paged = new Map<string, string[]>([
      [collectionId({ kind: 'all' }), []],
      ...DOCUMENT_STATES.map((s) => [collectionId({ kind: 'all', state: s }), []] as [string, string[]]),
    ]);
    for (const d of documents) {
      const { paged: pagedIn, counted } = membership(d);
      for (const c of counted) expected.set(c, (expected.get(c) ?? 0) + 1);
      for (const c of pagedIn) paged.get(c)?.push(d.G1SK);
    }
    const stored = await all({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
      ExpressionAttributeValues: { ':pk': pk, ':p': keys.documentCountPrefix },
      ConsistentRead: true,
    });
    const storedBy = new Map(
      stored.map((c) => [String(c.SK).slice(keys.documentCountPrefix.length), Number(c.N ?? 0)]),
    );
    for (const collection of new Set([...expected.keys(), ...storedBy.keys()])) {
      await fixCounter(
        pk,
        keys.documentCount(collection),
        expected.get(collection) ?? 0,
        storedBy.get(collection) ?? 0,
        event,
        report,
      );
    }
    for (const [collection, sortedKeys] of paged) {
      const { drift } = await verifyBuckets(
        db,
        tableName,
        { pk, prefix: keys.documentPagesPrefix(collection) },
        sortedKeys,
        event.dryRun,
      );
      report.buckets.collections += 1;
      report.buckets.fixed += drift;
    }
    // Maintenance log: the facility's counter.
    let count = 0;
    let start: QueryCommandInput['ExclusiveStartKey'];
    do {
      const page = await db.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'GSI1',
          KeyConditionExpression: 'G1PK = :pk',
          ExpressionAttributeValues: { ':pk': indexKeys.maintenanceEntries(pk) },
          Select: 'COUNT',
          ExclusiveStartKey: start,
        }),
      );
      count += page.Count ?? 0;
      start = page.LastEvaluatedKey;
    } while (start);
    const counter = await db.send(
      new GetCommand({ TableName: tableName, Key: { PK: pk, SK: keys.maintenanceCount }, ConsistentRead: true }),
    );
    if (count || counter.Item)
      await fixCounter(pk, keys.maintenanceCount, count, Number(counter.Item?.N ?? 0), event, report);
  }

  return {
    name: 'regenerateSequenceMemory',

    initial: () => ({
      phase: 'partitions',
      scanned: 0,
      report: { partitions: 0, counters: { checked: 0, fixed: 0, drift: 0 }, buckets: { collections: 0, fixed: 0 } },
    }),

    async step(state, event) {
      const report = structuredClone(state.report);
      if (state.phase === 'partitions') {
        const out = await db.send(
          new ScanCommand({
            TableName: tableName,
            Limit: SCAN_PAGE,
            ProjectionExpression: 'PK, SK, #type',
            FilterExpression: '#type IN (:document, :entry)',
            ExpressionAttributeNames: { '#type': 'Type' },
            ExpressionAttributeValues: { ':document': ITEM_TYPES.document, ':entry': ITEM_TYPES.maintenanceEntry },
            ...(state.cursor ? { ExclusiveStartKey: state.cursor } : {}),
          }),
        );
        const items = out.Items ?? [];
        // Partitions met for the first time, in scan order, each with the key of its last item on this page.
        const fresh: { pk: string; lastKey: Record<string, unknown> }[] = [];
        for (const item of items) {
          const pk = String(item.PK);
          if (pk === state.lastPartition) continue;
          const known = fresh.find((f) => f.pk === pk);
          if (known) known.lastKey = { PK: item.PK, SK: item.SK };
          else fresh.push({ pk, lastKey: { PK: item.PK, SK: item.SK } });
        }
        const batch = fresh.slice(0, PARTITIONS_PER_STEP);
        for (const { pk } of batch) await regeneratePartition(pk, event, report);
        report.partitions += batch.length;
        const scanned = state.scanned + (out.ScannedCount ?? 0);
        if (fresh.length > batch.length) {
          // More partitions on this page than a step does: resume right after the last one done.
          const last = batch[batch.length - 1]!;
          return {
            state: { ...state, cursor: last.lastKey, lastPartition: last.pk, report },
            done: false,
            progress: { phase: 'partitions', processed: report.partitions },
          };
        }
        const lastPartition = batch.length ? batch[batch.length - 1]!.pk : state.lastPartition;
        const next: State = out.LastEvaluatedKey
          ? { ...state, cursor: out.LastEvaluatedKey, lastPartition, scanned, report }
          : { ...state, phase: 'all', cursor: undefined, lastPartition, scanned, report };
        return { state: next, done: false, progress: { phase: 'partitions', processed: report.partitions } };
      }
      const log = state.log ?? { shard: 0, verify: startVerify() };
      const out = await db.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'GSI2',
          KeyConditionExpression: 'G2PK = :pk',
          ExpressionAttributeValues: { ':pk': indexKeys.maintenanceShard(log.shard) },
          ProjectionExpression: 'G2SK',
          Limit: LOG_KEYS_PER_STEP,
          ...(log.cursor ? { ExclusiveStartKey: log.cursor } : {}),
        }),
      );
      const scope = allPagesOf(log.shard);
      const verify = await verifyPage(
        db,
        tableName,
        scope,
        log.verify,
        (out.Items ?? []).map((i) => String(i.G2SK)),
        event.dryRun,
      );
      const progress = {
        phase: `all-tenant log, shard ${log.shard + 1} of ${MAINTENANCE_SHARDS}`,
        processed: verify.buckets,
      };
      if (out.LastEvaluatedKey)
        return {
          state: { ...state, log: { shard: log.shard, cursor: out.LastEvaluatedKey, verify } },
          done: false,
          progress,
        };
      const { drift } = await finishVerify(db, tableName, scope, verify, event.dryRun);
      report.buckets.collections += 1;
      report.buckets.fixed += drift;
      if (log.shard + 1 < MAINTENANCE_SHARDS)
        return {
          state: { ...state, report, log: { shard: log.shard + 1, verify: startVerify() } },
          done: false,
          progress,
        };
      return {
        state: { ...state, report, log: undefined },
        done: true,
        progress,
        result: { ...report, dryRun: event.dryRun ?? false },
      };
    },
  };
}
