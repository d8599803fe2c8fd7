/**
 * regenerateSequenceMemory: checks every counter and page bucket against the items and corrects
 * what is wrong, reporting the drift it fixed (or, with dryRun, would fix). A correct counter or
 * bucket is not written (it keeps its version); slices may be uneven, they must be exact.
 *
 * The table is scanned in parallel segments (shared/operations/segments.ts), a page per step; a scan returns each
 * partition's items one after another (a partition lies in one segment), so every facility partition met for the
 * first time is recomputed (documents: counters per scope, reference and state, page buckets of all and per state;
 * log entries: the facility's counter), at most a few per step, and its entry in the facility index made if it is
 * missing; a segment's state holds only its cursor and the last partition done, whatever the number of tenants.
 * Then (the finish) the page buckets of each shard of the all-tenant maintenance log are checked. Best run while
 * writes are quiet: a count taken while the stream still carries changes the writer has not applied is corrected
 * twice.
 */
import { GetCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { enterFacility, facilityEntry } from '../data/facilities';
import { DOCUMENT_STATES, type DocumentRecord } from '../domain/document';
import { collectionId, membership } from '../data/documents';
import { startVerify, verifyBuckets } from '../data/bucket-verify';
import { checkLogShards, type LogState } from './regenerate-log';
import { indexPartition } from '../data/indexes';
import { queryAll, queryCount } from '../data/query';
import { indexKeys, ITEM_TYPES, keys, type Tenant, tenantOfPartition } from '../data/table';
import { scanSegment, segmented } from './segments';
import type { StepEvent } from './step';
import { meterUsage } from './usage';

/** Items a step reads. */
export const SCAN_PAGE = 1000;
const PARTITIONS_PER_STEP = 5;

export interface RegenerateReport {
  partitions: number;
  counters: { checked: number; fixed: number; drift: number };
  buckets: { collections: number; fixed: number };
  /** Facility partitions met, and those whose entry in the facility index was missing. */
  facilities: { checked: number; fixed: number };
}

/** A segment's state: its cursor, the partition it recomputed last (the scan may still be inside it). */
interface State {
  cursor?: Record<string, unknown>;
  lastPartition?: string;
  scanned: number;
  report: RegenerateReport;
}

const EMPTY: RegenerateReport = {
  partitions: 0,
  counters: { checked: 0, fixed: 0, drift: 0 },
  buckets: { collections: 0, fixed: 0 },
  facilities: { checked: 0, fixed: 0 },
};

export function regenerateSequenceMemory(db: DynamoDBDocumentClient, tableName: string) {
  meterUsage(db);
  const all = (input: Parameters<typeof queryAll>[2]) => queryAll(db, tableName, input);

  /** Sets a counter to what it should be; answers the drift. */
  async function fixCounter(
    pk: string,
    sk: string,
    expected: number,
    stored: number,
    event: StepEvent,
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

  /**
   * Recomputes a facility partition's sequence memory; answers false (and counts nothing) for one with neither
   * documents nor log entries nor any sequence memory to correct.
   */
  async function regeneratePartition(pk: string, event: StepEvent, report: RegenerateReport): Promise<boolean> {
    // Documents: counters and page buckets from the facility's documents in listing order; the stored counters (the
    // documents' and the log's, all under COUNT#); the log entries in the facility's index.
    const [documents, counters, entries] = await Promise.all([
      all({
        ...indexPartition('GSI1', indexKeys.documents(pk)),
        ProjectionExpression: 'G1SK, #state, #scope, ScopeReference',
        ExpressionAttributeNames: { '#state': 'State', '#scope': 'Scope' },
      }) as Promise<(Pick<DocumentRecord, 'State' | 'Scope' | 'ScopeReference'> & { G1SK: string })[]>,
      all({
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        ExpressionAttributeValues: { ':pk': pk, ':p': keys.counterPrefix },
        ConsistentRead: true,
      }),
      // The facility's log entries, counted in its index.
      queryCount(db, tableName, indexPartition('GSI1', indexKeys.maintenanceEntries(pk))),
    ]);
    const stored = counters.filter((c) => String(c.SK).startsWith(keys.documentCountPrefix));
    const counter = counters.find((c) => c.SK === keys.maintenanceCount);
    if (!documents.length && !counters.length && !entries) {
      const buckets = await db.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
          ExpressionAttributeValues: { ':pk': pk, ':p': keys.documentPagesPrefix('') },
          Limit: 1,
        }),
      );
      if (!buckets.Items?.length) return false;
    }
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
    if (entries || counter)
      await fixCounter(pk, keys.maintenanceCount, entries, Number(counter?.N ?? 0), event, report);
    return true;
  }

  /** The facility's entry in its client's facility index, made if it is missing (a dry run only counts it). */
  async function checkFacility(tenant: Tenant, event: StepEvent, report: RegenerateReport) {
    report.facilities.checked += 1;
    const missing = event.dryRun
      ? !(
          await db.send(
            new GetCommand({
              TableName: tableName,
              Key: { PK: facilityEntry(tenant).PK, SK: facilityEntry(tenant).SK },
              ProjectionExpression: 'PK',
            }),
          )
        ).Item
      : await enterFacility(db, tableName, tenant);
    if (missing) report.facilities.fixed += 1;
  }

  return segmented<State, RegenerateReport, { log: LogState; report: RegenerateReport }>(
    {
      name: 'regenerateSequenceMemory',
      phase: 'partitions',
      begin: () => ({ scanned: 0, report: structuredClone(EMPTY) }),

      async step(state, segment, event) {
        const report = structuredClone(state.report);
        const out = await scanSegment(db, tableName, segment, state.cursor, {
          Limit: SCAN_PAGE,
          ProjectionExpression: 'PK, SK',
        });
        // Facility partitions met for the first time, in scan order, each with the key of its last item on this page.
        const fresh: { pk: string; lastKey: Record<string, unknown> }[] = [];
        for (const item of out.Items ?? []) {
          const pk = String(item.PK);
          if (pk === state.lastPartition || !tenantOfPartition(pk)) continue;
          const known = fresh.find((f) => f.pk === pk);
          if (known) known.lastKey = { PK: item.PK, SK: item.SK };
          else fresh.push({ pk, lastKey: { PK: item.PK, SK: item.SK } });
        }
        const batch = fresh.slice(0, PARTITIONS_PER_STEP);
        // The batch's facilities side by side: each one's counters and buckets are its own.
        await Promise.all(
          batch.map(async ({ pk }) => {
            await checkFacility(tenantOfPartition(pk)!, event, report);
            if (await regeneratePartition(pk, event, report)) report.partitions += 1;
          }),
        );
        const scanned = state.scanned + (out.ScannedCount ?? 0);
        if (fresh.length > batch.length) {
          // More partitions on this page than a step does: resume right after the last one done (its items read
          // again are counted again: `scanned` counts what the scan read).
          const last = batch[batch.length - 1]!;
          return { state: { cursor: last.lastKey, lastPartition: last.pk, scanned, report }, done: false };
        }
        const lastPartition = batch.length ? batch[batch.length - 1]!.pk : state.lastPartition;
        return {
          state: { cursor: out.LastEvaluatedKey, lastPartition, scanned, report },
          done: !out.LastEvaluatedKey,
        };
      },

      report: (state) => state.report,
      merge: (a, b) => ({
        partitions: a.partitions + b.partitions,
        counters: {
          checked: a.counters.checked + b.counters.checked,
          fixed: a.counters.fixed + b.counters.fixed,
          drift: a.counters.drift + b.counters.drift,
        },
        buckets: {
          collections: a.buckets.collections + b.buckets.collections,
          fixed: a.buckets.fixed + b.buckets.fixed,
        },
        facilities: {
          checked: a.facilities.checked + b.facilities.checked,
          fixed: a.facilities.fixed + b.facilities.fixed,
        },
      }),
      empty: EMPTY,

      async finish(merged, _run, event, finishing) {
        const report = structuredClone(finishing?.report ?? merged);
        const log = finishing?.log ?? { shard: 0, verify: startVerify() };
        const { next, progress, drift } = await checkLogShards(db, tableName, log, event.dryRun ?? false);
        if (drift !== undefined) {
          report.buckets.collections += 1;
          report.buckets.fixed += drift;
        }
        if (next) return { state: { log: next, report }, done: false, progress };
        return { done: true, progress, result: { ...report, dryRun: event.dryRun ?? false } };
      },
    },
    db,
    tableName,
  );
}
