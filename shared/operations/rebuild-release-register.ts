/**
 * rebuildReleaseRegister: a facility's chained books rebuilt from their locked line objects (the object is the
 * archive, the table the index): the release register (StrlSchV § 86 Abs. 2), then the book of radioactive material
 * (§ 85 Abs. 3). One year of one book a step, oldest first: the year's lines and objects compared
 * (shared/domain/chain.ts rebuildPlan); a line the table lacks is put back from its object, never over an item; a line
 * whose object is missing gets its object, locked for the book's retention from the line's time; a line and an object
 * that disagree, or one that does not hash, is reported and left alone. Nothing it writes can change an existing
 * line. Last, each book's head: when restored lines follow the line it names, it moves to the chain's end, so the next
 * writer chains onto the true last line.
 *
 * The register's figures stand at the top of the result (as before the material book); the material book's under
 * `materialBook`. A dry run writes nothing: it reports what a real run would restore, and the head as the table holds
 * it.
 */
import { createHash } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dynamoChainRepair, dynamoChainStore, type ChainRepair, type StoredBook } from '../data/chain-store';
import { type FileStorage, listAll, type LockMode } from '../data/file-storage';
import { STORED_MATERIAL_BOOK } from '../data/material-book';
import { STORED_REGISTER } from '../data/releases';
import type { Tenant } from '../data/table';
import {
  canonicalLine,
  type Chained,
  chainEndFrom,
  lineKey,
  type LineName,
  lineOfObject,
  nameOf,
  type RebuildConflict,
  rebuildPlan,
  timeOf,
  yearFolder,
} from '../domain/chain';
import type { Operation } from './step';
import { meterUsage } from './usage';

/** Objects read, and lines or objects written, at once. */
const AT_ONCE = 16;
/** Restored lines and conflicts the report names (its counts are complete): the state stays small. */
const NAMED = 100;

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

/** The books rebuilt, in order: the register's report is the result's top level, the others under their name. */
// biome-ignore lint/suspicious/noExplicitAny: books of different lines, each rebuilt on its own
const BOOKS: readonly { name: 'register' | 'materialBook'; stored: StoredBook<any> }[] = [
  { name: 'register', stored: STORED_REGISTER },
  { name: 'materialBook', stored: STORED_MATERIAL_BOOK },
];

interface BookState {
  /** The last year done (0 before the first). */
  after: number;
  years: YearReport[];
  restored: (LineName & { Restored: 'line' | 'object' })[];
  conflicts: RebuildConflict[];
}
interface RebuildState extends BookState {
  /** The book being rebuilt (an index of BOOKS). */
  book: number;
  /** The reports of the books done. */
  done: Record<string, unknown>[];
}

const inChunks = async <T>(items: readonly T[], work: (item: T) => Promise<void>) => {
  for (let i = 0; i < items.length; i += AT_ONCE) await Promise.all(items.slice(i, i + AT_ONCE).map(work));
};

/** One book's rebuild: a year at a time, then its head. */
function bookRebuild<L extends Chained>(
  db: DynamoDBDocumentClient,
  tableName: string,
  records: FileStorage,
  lockMode: LockMode,
  stored: StoredBook<L>,
) {
  const { book } = stored;
  const repair: ChainRepair = dynamoChainRepair(db, tableName, stored);
  const lines = dynamoChainStore(db, tableName, stored);

  /** The first year after `after` with a folder of line objects (a name that is no year holds no line: skipped). */
  async function nextObjectYear(tenant: Tenant, after: number): Promise<number | undefined> {
    const years = (await records.folders(book.folder(tenant)))
      .filter((name) => /^\d{4}$/.test(name))
      .map(Number)
      .filter((year) => year > after);
    return years.length ? Math.min(...years) : undefined;
  }

  /** The year's objects read back as lines, and those that are none. */
  async function yearObjects(tenant: Tenant, keys: readonly string[]) {
    const read: L[] = [];
    const unreadable: RebuildConflict[] = [];
    await inChunks(keys, async (key) => {
      const body = await records.read(key);
      if (!body) return; // gone since it was listed: nothing to restore from
      const object = lineOfObject(book, tenant, key, new TextDecoder().decode(body));
      if ('line' in object) read.push(object.line);
      else unreadable.push(object.conflict);
    });
    return { lines: read, unreadable };
  }

  /** A line's locked object, as its writer keeps it: its canonical JSON, for the book's retention. */
  async function keepObject(tenant: Tenant, line: L) {
    const bytes = new TextEncoder().encode(canonicalLine(line));
    await records.keep(lineKey(book, tenant, line), bytes, 'application/json', {
      mode: lockMode,
      until: book.keptUntil(line),
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
  }

  return {
    /** The next year to rebuild after `after`, or undefined when none is left. */
    async nextYear(tenant: Tenant, after: number): Promise<number | undefined> {
      const [lineYear, objectYear] = await Promise.all([repair.nextYear(tenant, after), nextObjectYear(tenant, after)]);
      const year = Math.min(lineYear ?? Number.POSITIVE_INFINITY, objectYear ?? Number.POSITIVE_INFINITY);
      return Number.isFinite(year) ? year : undefined;
    },

    /** One year: compared, then (unless dry) restored; its figures, the lines it restored and the conflicts it left. */
    async year(tenant: Tenant, year: number, dryRun: boolean) {
      const [table, keys] = await Promise.all([
        lines.list(tenant, year),
        listAll(records, yearFolder(book, tenant, year)),
      ]);
      const objects = await yearObjects(tenant, keys);
      const plan = rebuildPlan(book, table, objects.lines);
      const listed = new Set(keys);
      // A line whose key holds an object that is no line keeps that object: the conflict names it.
      const restoreObjects = plan.restoreObjects.filter((line) => !listed.has(lineKey(book, tenant, line)));
      const conflicts = [...objects.unreadable, ...plan.conflicts];
      const restored: BookState['restored'] = [];
      await inChunks(plan.restoreLines, async (line) => {
        if (dryRun || (await repair.restore(tenant, line))) restored.push({ ...nameOf(book, line), Restored: 'line' });
        else
          conflicts.push({ ...nameOf(book, line), Reason: 'a line with its key was written meanwhile: left as it is' });
      });
      await inChunks(restoreObjects, async (line) => {
        if (!dryRun) await keepObject(tenant, line);
        restored.push({ ...nameOf(book, line), Restored: 'object' });
      });
      const report: YearReport = {
        year,
        lines: table.length,
        objects: keys.length,
        restoredLines: restored.filter((r) => r.Restored === 'line').length,
        restoredObjects: restored.filter((r) => r.Restored === 'object').length,
        conflicts: conflicts.length,
        unchanged: plan.unchanged,
      };
      return { report, restored, conflicts };
    },

    /** The head after the years: moved to the chain's end when restored lines follow the line it names. */
    async settleHead(tenant: Tenant, dryRun: boolean, conflicts: RebuildConflict[]) {
      const head = await repair.head(tenant);
      // No head item: the next writer finds the chain's end among the last lines, all of them there now.
      if (!head) return { was: null, end: null, moved: false };
      const { line, fork } = chainEndFrom(head.LineSha256, await repair.linksFrom(tenant, timeOf(book, head)));
      if (fork)
        conflicts.push({ ...nameOf(book, head), Reason: 'two lines follow a line of the chain: the head stays' });
      const moved = !dryRun && !fork && line !== undefined && (await repair.moveHead(tenant, head.LineSha256, line));
      return { was: nameOf(book, head), end: nameOf(book, line ?? head), moved };
    },
  };
}

export function rebuildReleaseRegister(
  db: DynamoDBDocumentClient,
  tableName: string,
  records: FileStorage,
  lockMode: LockMode,
): Operation<RebuildState> {
  meterUsage(db);
  const rebuilds = BOOKS.map((b) => bookRebuild(db, tableName, records, lockMode, b.stored));
  const fresh = (): BookState => ({ after: 0, years: [], restored: [], conflicts: [] });

  return {
    name: 'rebuildReleaseRegister',
    initial: () => ({ book: 0, done: [], ...fresh() }),
    async step(state, event) {
      const tenant = { client: event.client!, facility: event.facility! };
      const dryRun = event.dryRun ?? false;
      const rebuild = rebuilds[state.book]!;
      const processed = state.years.reduce((sum, y) => sum + y.objects, 0);
      const year = await rebuild.nextYear(tenant, state.after);
      const bookName = BOOKS[state.book]!.name;
      if (year !== undefined) {
        const done = await rebuild.year(tenant, year, dryRun);
        const next: RebuildState = {
          ...state,
          after: year,
          years: [...state.years, done.report],
          restored: [...state.restored, ...done.restored].slice(0, NAMED),
          conflicts: [...state.conflicts, ...done.conflicts].slice(0, NAMED),
        };
        return { state: next, done: false, progress: { phase: `rebuilding ${bookName} ${year}`, processed } };
      }
      const conflicts = [...state.conflicts];
      const head = await rebuild.settleHead(tenant, dryRun, conflicts);
      const sum = (field: keyof Omit<YearReport, 'year'>) => state.years.reduce((s, y) => s + y[field], 0);
      const report = {
        restoredLines: sum('restoredLines'),
        restoredObjects: sum('restoredObjects'),
        conflicts: sum('conflicts') + conflicts.length - state.conflicts.length,
        unchanged: sum('unchanged'),
        years: state.years,
        // The first restored lines and objects, and the first conflicts, with their reasons.
        restorations: state.restored,
        conflicting: conflicts.slice(0, NAMED),
        head,
      };
      const done = [...state.done, report];
      if (state.book + 1 < BOOKS.length)
        return {
          state: { book: state.book + 1, done, ...fresh() },
          done: false,
          progress: { phase: `${bookName} done`, processed },
        };
      const [register, ...others] = done;
      return {
        state,
        done: true,
        progress: { phase: 'done', processed },
        result: {
          ...tenant,
          dryRun,
          ...register,
          ...Object.fromEntries(others.map((r, i) => [BOOKS[i + 1]!.name, r])),
        },
      };
    },
  };
}
