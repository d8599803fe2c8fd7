/**
 * The migrations: the three of interface §4.5 and the clearance notices' release types of issue 36. Each brings
 * records of an older stored shape (described in docs/maintenance-operations.md and shipped as fixtures in
 * test/fixtures/legacy/) to the current one. Each scans the
 * table in parallel segments (shared/operations/segments.ts), a page per step, rewrites only what still has the
 * old shape (conditionally, so a re-run or a concurrent run changes nothing twice), and reports what it changed and
 * skipped (the first records in key order). Counts that move (log entries joining their indexes) follow from the
 * change stream, like every other write.
 */
import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { maintenanceItem } from '../data/maintenance';
import { ITEM_TYPES, keys } from '../data/table';
import { isKnownNuclide } from '../domain/decay';
import { DISPOSAL_ROUTES, LEGACY_DISPOSAL } from '../domain/release-types';
import { entryRuleBreaches, type MaintenanceRecord } from '../domain/maintenance';
import { formatTimestamp } from '../domain/time';
import type { StoredItem } from './records';
import { keepSample, sampleBytesOf, scanSegment, segmented } from './segments';
import { meterUsage } from './usage';
import { isIdentifier } from '../domain/values';

/** Items a step reads. */
export const SCAN_PAGE = 500;
const SAMPLES = 20;

/** One record's rewrite: the items to put (each only if `condition` holds on the old one) and the keys to delete. */
type Rewrite = { put: Record<string, unknown>; deleteOld?: boolean; change: string } | { skip: string };

interface Migration {
  name: string;
  /** The item type the old shape is found among. */
  type: string;
  /** What marks the old shape: an attribute it has, the start of its sort key, or a value a list attribute holds. */
  old: { attribute: string } | { sortKeyPrefix: string } | { attribute: string; holds: string };
  rewrite(item: StoredItem): Rewrite;
}

/**
 * The filter that finds a migration's old shape, and the condition an old item must still meet when it is rewritten
 * (it still has the marking attribute; one keyed by its old sort key still exists).
 */
function oldShape({ type, old }: Migration) {
  if ('holds' in old)
    return {
      filter: {
        FilterExpression: '#type = :type AND contains(#old, :old)',
        ExpressionAttributeNames: { '#type': 'Type', '#old': old.attribute },
        ExpressionAttributeValues: { ':type': type, ':old': old.holds },
      },
      stillOld: {
        ConditionExpression: 'contains(#old, :old)',
        ExpressionAttributeNames: { '#old': old.attribute },
        ExpressionAttributeValues: { ':old': old.holds },
      },
    };
  const marked = 'attribute' in old;
  const names = { '#old': marked ? old.attribute : 'SK' };
  return {
    filter: {
      FilterExpression: `#type = :type AND ${marked ? 'attribute_exists(#old)' : 'begins_with(#old, :old)'}`,
      ExpressionAttributeNames: { '#type': 'Type', ...names },
      ExpressionAttributeValues: { ':type': type, ...(marked ? {} : { ':old': old.sortKeyPrefix }) },
    },
    stillOld: { ConditionExpression: 'attribute_exists(#old)', ExpressionAttributeNames: names },
  };
}

/** A line of the report's samples, and the record it is about (samples keep the first records in key order). */
interface Sample {
  key: string;
  text: string;
}
interface Report {
  scanned: number;
  changed: number;
  skipped: number;
  samples: Sample[];
}
interface State extends Report {
  cursor?: Record<string, unknown>;
}
const EMPTY: Report = { scanned: 0, changed: 0, skipped: 0, samples: [] };

function scanMigration(db: DynamoDBDocumentClient, tableName: string, migration: Migration) {
  meterUsage(db);
  const { filter, stillOld } = oldShape(migration);

  /** Rewrites a record unless it changed meanwhile or its new key is taken: whether it did. */
  async function rewritten(item: StoredItem, rewrite: Extract<Rewrite, { put: unknown }>): Promise<boolean> {
    const sameKey = rewrite.put.PK === item.PK && rewrite.put.SK === item.SK;
    try {
      await db.send(
        new TransactWriteCommand({
          TransactItems: [
            sameKey
              ? { Put: { TableName: tableName, Item: rewrite.put, ...stillOld } }
              : { Put: { TableName: tableName, Item: rewrite.put, ConditionExpression: 'attribute_not_exists(PK)' } },
            ...(!sameKey && rewrite.deleteOld
              ? [{ Delete: { TableName: tableName, Key: { PK: item.PK, SK: item.SK }, ...stillOld } }]
              : []),
          ],
        }),
      );
      return true;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      return false;
    }
  }

  return segmented<State, Report>(
    {
      name: migration.name,
      phase: 'migrating',
      begin: () => ({ ...EMPTY }),
      async step(state, segment, event) {
        const next: State = { ...state, samples: [...state.samples] };
        const out = await scanSegment(db, tableName, segment, state.cursor, {
          Limit: SCAN_PAGE,
          ...filter,
        });
        const found: Sample[] = [];
        for (const item of (out.Items ?? []) as StoredItem[]) {
          const rewrite = migration.rewrite(item);
          const where = `${String(item.PK)} ${String(item.SK)}`;
          const key = `${String(item.PK)}\u0000${String(item.SK)}`;
          if ('skip' in rewrite) {
            next.skipped += 1;
            found.push({ key, text: `skipped ${where}: ${rewrite.skip}` });
          } else if (event.dryRun || (await rewritten(item, rewrite))) {
            next.changed += 1;
            found.push({ key, text: `${where}: ${rewrite.change}` });
          } else {
            next.skipped += 1; // migrated meanwhile, or its new key is taken
            found.push({ key, text: `skipped ${where}: changed meanwhile or its new key exists` });
          }
        }
        next.samples = keepSample(next.samples, found, (s) => s.key, SAMPLES, sampleBytesOf(segment));
        next.scanned = state.scanned + (out.ScannedCount ?? 0);
        next.cursor = out.LastEvaluatedKey;
        return { state: next, done: !out.LastEvaluatedKey };
      },
      report: ({ cursor: _cursor, ...report }) => report,
      merge: (a, b) => ({
        scanned: a.scanned + b.scanned,
        changed: a.changed + b.changed,
        skipped: a.skipped + b.skipped,
        samples: keepSample(a.samples, b.samples, (s) => s.key, SAMPLES),
      }),
      empty: EMPTY,
      finish: async (report, _run, event) => ({
        done: true,
        progress: { phase: 'done', processed: report.scanned },
        result: {
          dryRun: event.dryRun ?? false,
          scanned: report.scanned,
          changed: report.changed,
          skipped: report.skipped,
          samples: report.samples.map((s) => s.text),
        },
      }),
    },
    db,
    tableName,
  );
}

/** ISO 8601 (the old shape) to the interface's `YYYY-MM-DD HH:MM:SS` UTC; undefined if it is not a date. */
const fromIso = (value: unknown): string | undefined => {
  if (typeof value !== 'string') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : formatTimestamp(date);
};

/** Log entries of the first log book: see the README ("Older stored shapes"). */
export const migrateMaintenanceLogEntries = (db: DynamoDBDocumentClient, tableName: string) =>
  scanMigration(db, tableName, {
    name: 'migrateMaintenanceLogEntries',
    type: ITEM_TYPES.maintenanceEntry,
    old: { attribute: 'Title' },
    rewrite(item) {
      const start = fromIso(item.StartedAt);
      if (!start) return { skip: `StartedAt ${JSON.stringify(item.StartedAt)} is not a date` };
      const end = item.EndedAt ? fromIso(item.EndedAt) : null;
      const [, client, facility] = /^C#([^#]+)#F#([^#]+)$/.exec(String(item.PK)) ?? [];
      if (!client || !facility) return { skip: `PK ${String(item.PK)} is not a tenant key` };
      const created = fromIso(item.Created) ?? start;
      const record: MaintenanceRecord = {
        Client: client,
        Facility: facility,
        Uuid: String(item.Uuid),
        Version: 1,
        CreatedAt: created,
        UpdatedAt: fromIso(item.Modified) ?? created,
        Device: typeof item.DeviceUuid === 'string' ? item.DeviceUuid : null,
        Reporter: String(item.ReportedBy ?? 'unknown'),
        Solver: typeof item.SolvedBy === 'string' ? item.SolvedBy : null,
        State: 'ONGOING',
        IncidentTitle: String(item.Title).slice(0, 64),
        IncidentCause: String(item.Cause ?? '-').slice(0, 512) || '-',
        IncidentSolution: typeof item.Solution === 'string' && item.Solution ? item.Solution.slice(0, 512) : null,
        IncidentDateStart: start,
        IncidentDateEnd: end ?? null,
      };
      // A closed entry becomes SOLVED if it meets the rules; one that lacks what SOLVED needs stays ONGOING rather than
      // becoming invalid.
      if (item.Status === 'closed' && !entryRuleBreaches({ ...record, State: 'SOLVED' }).length)
        record.State = 'SOLVED';
      return {
        put: maintenanceItem(record),
        change: `log entry of the first log book -> current shape (${record.State})`,
      };
    },
  });

/** Probe responsiveness kept as counts per second per kBq/cm² in a list: see the README. */
export const migrateResponsivenessData = (db: DynamoDBDocumentClient, tableName: string) =>
  scanMigration(db, tableName, {
    name: 'migrateResponsivenessData',
    type: ITEM_TYPES.probe,
    old: { attribute: 'ResponsivenessData' },
    rewrite(item) {
      const rows = Array.isArray(item.ResponsivenessData)
        ? (item.ResponsivenessData as { nuclide?: unknown; value?: unknown; unit?: unknown }[])
        : [];
      const responsiveness: Record<string, number> = {
        ...((item.Responsiveness as Record<string, number> | undefined) ?? {}),
      };
      for (const row of rows) {
        const factor = row.unit === 'cps per kBq/cm2' ? 1 / 1000 : row.unit === 'cps per Bq/cm2' ? 1 : undefined;
        if (
          typeof row.nuclide !== 'string' ||
          !isKnownNuclide(row.nuclide) ||
          typeof row.value !== 'number' ||
          factor === undefined
        ) {
          return { skip: `ResponsivenessData row ${JSON.stringify(row)} has no known nuclide, number or unit` };
        }
        responsiveness[row.nuclide] = row.value * factor;
      }
      const { ResponsivenessData: _old, ...rest } = item;
      return {
        put: { ...rest, Responsiveness: responsiveness },
        change: `responsiveness of ${Object.keys(responsiveness).join(', ')} in s^-1 per Bq/cm2`,
      };
    },
  });

/** Probe data keyed by the device it was attached to: see the README. */
export const migrateProbeIdentifier = (db: DynamoDBDocumentClient, tableName: string) =>
  scanMigration(db, tableName, {
    name: 'migrateProbeIdentifier',
    type: ITEM_TYPES.probe,
    old: { sortKeyPrefix: keys.probeByDevicePrefix },
    rewrite(item) {
      const identifier = item.ProbeIdentifier;
      if (typeof identifier !== 'string' || !isIdentifier(identifier))
        return { skip: 'no probe identifier to key it by' };
      const device = String(item.SK).slice(keys.probeByDevicePrefix.length);
      return {
        put: { ...item, SK: keys.probe(identifier), Device: item.Device ?? device },
        deleteOld: true,
        change: `re-keyed from device ${device} to probe ${identifier}`,
      };
    },
  });

/**
 * Clearance notices that permit SPECIFIC_DISPOSAL, the type before issue 36 told the two disposal routes apart: it
 * covered § 36 Abs. 1 Nr. 3 and 4 alike, so the notice permits SPECIFIC_LANDFILL and SPECIFIC_INCINERATION. It names
 * no plant yet: until an officer adds them (DisposalPlants, with the operators' acceptance declarations), a release for
 * disposal under it is refused (409 container.disposal_plant). Register lines and decision measurements keep
 * SPECIFIC_DISPOSAL as booked: they are chained or kept as made.
 */
export const migrateReleaseTypes = (db: DynamoDBDocumentClient, tableName: string) =>
  scanMigration(db, tableName, {
    name: 'migrateReleaseTypes',
    type: ITEM_TYPES.clearanceNotice,
    old: { attribute: 'ReleaseTypes', holds: LEGACY_DISPOSAL },
    rewrite(item) {
      const types = Array.isArray(item.ReleaseTypes) ? (item.ReleaseTypes as string[]) : [];
      const next = [...new Set(types.flatMap((t) => (t === LEGACY_DISPOSAL ? [...DISPOSAL_ROUTES] : [t])))];
      return {
        put: {
          ...item,
          ReleaseTypes: next,
          DisposalPlants: Array.isArray(item.DisposalPlants) ? item.DisposalPlants : [],
        },
        change: `ReleaseTypes ${types.join(', ')} -> ${next.join(', ')} (name the plants: DisposalPlants)`,
      };
    },
  });
