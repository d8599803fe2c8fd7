/**
 * rebuildReleaseRegister: a facility's register rebuilt from its locked line objects (StrlSchV § 86 Abs. 2; the object
 * is the archive, the table the index). One year a step, oldest first: the year's lines and objects compared
 * (shared/domain/register-chain.ts rebuildPlan); a line the table lacks is put back from its object, never over an
 * item; a line whose object is missing gets its object, locked 30 years from the release; a line and an object that
 * disagree, or one that does not hash, is reported and left alone. Nothing it writes can change an existing line.
 * Last, the chain's head: when restored lines follow the line it names, it moves to the chain's end, so the next
 * release chains onto the true last line.
 *
 * A dry run writes nothing: it reports what a real run would restore, and the head as the table holds it.
 */
import { createHash } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type FileStorage, listAll, type LockMode } from '../data/files';
import { dynamoRegisterRepair } from '../data/register-repair';
import { dynamoReleaseRegister } from '../data/releases';
import type { Tenant } from '../data/table';
import {
  canonicalLine,
  chainEndFrom,
  type ChainedLine,
  lineOfObject,
  type RebuildConflict,
  rebuildPlan,
  registerLineKey,
  registerLinePrefix,
  registerPrefix,
} from '../domain/register-chain';
import { keptUntil } from '../domain/release-record';
import { parseTimestamp } from '../domain/time';
import type { Operation } from './step';
import { meterUsage } from './usage';

/** Objects read, and lines or objects written, at once. */
const AT_ONCE = 16;
/** Restored lines and conflicts the report names (its counts are complete): the state stays small. */
const NAMED = 100;

type LineId = Pick<ChainedLine, 'ContainerUuid' | 'ReleasedAt'>;

/** A year's figures: its lines and objects as found, what was restored, left in conflict, found in agreement. */
export interface YearReport {
  year: number;
  lines: number;
  objects: number;
  restoredLines: number;
  restoredObjects: number;
  conflicts: number;
  unchanged: number;
}

interface RebuildState {
  /** The last year done (0 before the first). */
  after: number;
  years: YearReport[];
  restored: (LineId & { Restored: 'line' | 'object' })[];
  conflicts: RebuildConflict[];
}

const idOf = (line: LineId): LineId => ({ ContainerUuid: line.ContainerUuid, ReleasedAt: line.ReleasedAt });
const inChunks = async <T>(items: readonly T[], work: (item: T) => Promise<void>) => {
  for (let i = 0; i < items.length; i += AT_ONCE) await Promise.all(items.slice(i, i + AT_ONCE).map(work));
};

export function rebuildReleaseRegister(
  db: DynamoDBDocumentClient,
  tableName: string,
  records: FileStorage,
  lockMode: LockMode,
): Operation<RebuildState> {
  meterUsage(db);
  const repair = dynamoRegisterRepair(db, tableName);
  const register = dynamoReleaseRegister(db, tableName);

  /** The first year after `after` with a folder of line objects (a name that is no year holds no line: skipped). */
  async function nextObjectYear(tenant: Tenant, after: number): Promise<number | undefined> {
    const years = (await records.folders(registerPrefix(tenant)))
      .filter((name) => /^\d{4}$/.test(name))
      .map(Number)
      .filter((year) => year > after);
    return years.length ? Math.min(...years) : undefined;
  }

  /** The year's objects read back as lines, and those that are none. */
  async function yearObjects(tenant: Tenant, keys: readonly string[]) {
    const lines: ChainedLine[] = [];
    const unreadable: RebuildConflict[] = [];
    await inChunks(keys, async (key) => {
      const body = await records.read(key);
      if (!body) return; // gone since it was listed: nothing to restore from
      const read = lineOfObject(tenant, key, new TextDecoder().decode(body));
      if ('line' in read) lines.push(read.line);
      else unreadable.push(read.conflict);
    });
    return { lines, unreadable };
  }

  /** A line's locked object, as the release keeps it: its canonical JSON, 30 years from the release. */
  async function keepObject(tenant: Tenant, line: ChainedLine) {
    const bytes = new TextEncoder().encode(canonicalLine(line));
    await records.keep(registerLineKey(tenant, line), bytes, 'application/json', {
      mode: lockMode,
      until: keptUntil(parseTimestamp(line.ReleasedAt)!),
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
  }

  /** One year: compared, then (unless dry) restored; its figures, the lines it restored and the conflicts it left. */
  async function rebuildYear(tenant: Tenant, year: number, dryRun: boolean) {
    const [lines, keys] = await Promise.all([
      register.list(tenant, year),
      listAll(records, registerLinePrefix(tenant, year)),
    ]);
    const objects = await yearObjects(tenant, keys);
    const plan = rebuildPlan(lines, objects.lines);
    const listed = new Set(keys);
    // A line whose key holds an object that is no line keeps that object: the conflict names it.
    const restoreObjects = plan.restoreObjects.filter((line) => !listed.has(registerLineKey(tenant, line)));
    const conflicts = [...objects.unreadable, ...plan.conflicts];
    const restored: RebuildState['restored'] = [];
    await inChunks(plan.restoreLines, async (line) => {
      if (dryRun || (await repair.restore(tenant, line))) restored.push({ ...idOf(line), Restored: 'line' });
      else conflicts.push({ ...idOf(line), Reason: 'a line with its key was written meanwhile: left as it is' });
    });
    await inChunks(restoreObjects, async (line) => {
      if (!dryRun) await keepObject(tenant, line);
      restored.push({ ...idOf(line), Restored: 'object' });
    });
    const report: YearReport = {
      year,
      lines: lines.length,
      objects: keys.length,
      restoredLines: restored.filter((r) => r.Restored === 'line').length,
      restoredObjects: restored.filter((r) => r.Restored === 'object').length,
      conflicts: conflicts.length,
      unchanged: plan.unchanged,
    };
    return { report, restored, conflicts };
  }

  /** The head after the years: moved to the chain's end when restored lines follow the line it names. */
  async function settleHead(tenant: Tenant, dryRun: boolean, conflicts: RebuildConflict[]) {
    const head = await repair.head(tenant);
    // No head item: the next release finds the chain's end among the last lines, all of them there now.
    if (!head) return { was: null, end: null, moved: false };
    const { line, fork } = chainEndFrom(head.LineSha256, await repair.linksFrom(tenant, head.ReleasedAt));
    if (fork) conflicts.push({ ...idOf(head), Reason: 'two lines follow a line of the chain: the head stays' });
    const moved = !dryRun && !fork && line !== undefined && (await repair.moveHead(tenant, head.LineSha256, line));
    return { was: idOf(head), end: idOf(line ?? head), moved };
  }

  return {
    name: 'rebuildReleaseRegister',
    initial: () => ({ after: 0, years: [], restored: [], conflicts: [] }),
    async step(state, event) {
      const tenant = { client: event.client!, facility: event.facility! };
      const dryRun = event.dryRun ?? false;
      const [lineYear, objectYear] = await Promise.all([
        repair.nextYear(tenant, state.after),
        nextObjectYear(tenant, state.after),
      ]);
      const year = Math.min(lineYear ?? Number.POSITIVE_INFINITY, objectYear ?? Number.POSITIVE_INFINITY);
      const processed = state.years.reduce((sum, y) => sum + y.objects, 0);
      if (Number.isFinite(year)) {
        const done = await rebuildYear(tenant, year, dryRun);
        const next: RebuildState = {
          after: year,
          years: [...state.years, done.report],
          restored: [...state.restored, ...done.restored].slice(0, NAMED),
          conflicts: [...state.conflicts, ...done.conflicts].slice(0, NAMED),
        };
        return { state: next, done: false, progress: { phase: `rebuilding ${year}`, processed } };
      }
      const conflicts = [...state.conflicts];
      const head = await settleHead(tenant, dryRun, conflicts);
      const sum = (field: keyof Omit<YearReport, 'year'>) => state.years.reduce((s, y) => s + y[field], 0);
      return {
        state,
        done: true,
        progress: { phase: 'done', processed },
        result: {
          ...tenant,
          dryRun,
          restoredLines: sum('restoredLines'),
          restoredObjects: sum('restoredObjects'),
          conflicts: sum('conflicts') + conflicts.length - state.conflicts.length,
          unchanged: sum('unchanged'),
          years: state.years,
          // The first restored lines and objects, and the first conflicts, with their reasons.
          restorations: state.restored,
          conflicting: conflicts.slice(0, NAMED),
          head,
        },
      };
    },
  };
}
