/**
 * selectInvalidRecords and removeInvalidRecords: scan the table in parallel segments (shared/operations/segments.ts),
 * a page per step, and check every record against the current schema and its references
 * (shared/operations/records.ts).
 *
 * - select writes the findings as JSON Lines to `operations/select-invalid-records/{run}/` in the
 *   bucket and reports counts with a sample of reasons (the first findings in key order).
 * - remove copies each invalid record to `quarantine/{run}/{PK}/{SK}.json` in the bucket, then
 *   deletes it only if it is unchanged (a versioned record keeps its version). A valid record is never touched,
 *   and neither is a record StrlSchV § 86 keeps 30 years (a released container and what belongs to it, a release
 *   record's document, a register line): such a finding is reported as kept.
 * - A dry run of either writes nothing (no findings, no quarantine, no delete) and reports what a real run would:
 *   `removed` is what remove would remove. Removing documents or log entries changes counts:
 *   run regenerateSequenceMemory afterwards (the report says so).
 */
import { DeleteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchGet } from '../data/batch';
import type { FileStorage } from '../data/files';
import { keys } from '../data/table';
import { containerOf, isKeptRecord, recordProblems, type StoredItem } from './records';
import { keepSample, sampleBytesOf, scanSegment, segmented } from './segments';
import type { Segment } from './step';
import { meterUsage } from './usage';

/** Items a step reads. */
export const SCAN_PAGE = 500;
const SAMPLE = 20;

interface Finding {
  PK: string;
  SK: string;
  Type: string;
  problems: string[];
  /** Kept 30 years by StrlSchV § 86 Abs. 2: reported, never removed. */
  kept?: true;
}

interface Report {
  scanned: number;
  invalid: number;
  removed: number;
  kept: number;
  /** Findings kept as records of a release (§ 86 Abs. 2). */
  keptRecords: number;
  /** How many findings files were written (the state never lists them). */
  parts: number;
  sample: Finding[];
}

interface State extends Report {
  run: string;
  cursor?: Record<string, unknown>;
}

const EMPTY: Report = { scanned: 0, invalid: 0, removed: 0, kept: 0, keptRecords: 0, parts: 0, sample: [] };
const byKey = (f: Finding) => `${f.PK}\u0000${f.SK}`;

export function invalidRecords(
  db: DynamoDBDocumentClient,
  tableName: string,
  files: FileStorage,
  mode: 'select' | 'remove',
) {
  meterUsage(db);
  const slug = mode === 'select' ? 'select-invalid-records' : 'remove-invalid-records';

  /** The containers items of this page refer to that exist, and which of them were released. */
  async function containersOf(refs: { pk: string; uuid: string }[]) {
    const items = await batchGet(
      db,
      tableName,
      refs.map((r) => ({ PK: r.pk, SK: keys.container(r.uuid) })),
      { projection: 'PK, SK, #type, IsReleasedByRadiationProtectionOfficer', names: { '#type': 'Type' } },
    );
    const id = (item: StoredItem) => `${String(item.PK)}|${String(item.SK).split('#')[1]}`;
    return { present: new Set(items.map(id)), released: new Set(items.filter(isKeptRecord).map(id)) };
  }

  /** Each invalid record of a page, with whether § 86 keeps it. */
  async function findingsOf(items: StoredItem[]): Promise<(Finding & { item: StoredItem })[]> {
    const checked = items.map((item) => ({ item, owner: containerOf(item), ...recordProblems(item) }));
    // Containers are read only where they decide something: whether a finding's container was released (it is
    // kept), whether an item that needs one has it.
    const refs = checked.flatMap((c) =>
      c.problems.length ? (c.owner ? [c.owner] : []) : c.needsContainer ? [c.needsContainer] : [],
    );
    const { present, released } = await containersOf(refs);
    const findings: (Finding & { item: StoredItem })[] = [];
    for (const c of checked) {
      const problems = [...c.problems];
      if (c.needsContainer && !c.problems.length && !present.has(`${c.needsContainer.pk}|${c.needsContainer.uuid}`))
        problems.push(`ContainerUuid: container ${c.needsContainer.uuid} does not exist`);
      const { owner } = c;
      const kept = isKeptRecord(c.item) || (owner !== undefined && released.has(`${owner.pk}|${owner.uuid}`));
      if (problems.length)
        findings.push({
          PK: String(c.item.PK),
          SK: String(c.item.SK),
          Type: String(c.item.Type ?? ''),
          problems,
          ...(kept ? { kept: true as const } : {}),
          item: c.item,
        });
    }
    return findings;
  }

  /** Copies a finding to quarantine, then deletes it if unchanged: whether it was removed. */
  async function quarantine(run: string, f: Finding & { item: StoredItem }): Promise<boolean> {
    await files.put(
      `quarantine/${run}/${encodeURIComponent(f.PK)}/${encodeURIComponent(f.SK)}.json`,
      JSON.stringify(f.item),
      'application/json',
    );
    const versioned = typeof f.item.Version === 'number';
    try {
      await db.send(
        new DeleteCommand({
          TableName: tableName,
          Key: { PK: f.PK, SK: f.SK },
          ConditionExpression: versioned ? '#version = :version' : 'attribute_exists(PK)',
          ...(versioned
            ? {
                ExpressionAttributeNames: { '#version': 'Version' },
                ExpressionAttributeValues: { ':version': f.item.Version },
              }
            : {}),
        }),
      );
      return true;
    } catch (error) {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
      return false; // changed since it was read: it stays, the copy in quarantine is only a copy
    }
  }

  const partName = (run: string, segment: Segment, part: number) =>
    `operations/${slug}/${run}/findings-${String(segment.index).padStart(4, '0')}-` +
    `${String(part).padStart(5, '0')}.jsonl`;

  return segmented<State, Report>(
    {
      name: mode === 'select' ? 'selectInvalidRecords' : 'removeInvalidRecords',
      phase: mode === 'select' ? 'checking' : 'removing',
      begin: (_segment, run) => ({ run, ...EMPTY }),

      async step(state, segment, event) {
        const out = await scanSegment(db, tableName, segment, state.cursor, { Limit: SCAN_PAGE });
        const findings = await findingsOf((out.Items ?? []) as StoredItem[]);
        const reported = findings.map(({ item: _item, ...f }) => f);
        const next: State = {
          ...state,
          cursor: out.LastEvaluatedKey,
          scanned: state.scanned + (out.ScannedCount ?? 0),
          invalid: state.invalid + findings.length,
          keptRecords: state.keptRecords + findings.filter((f) => f.kept).length,
          sample: keepSample(state.sample, reported, byKey, SAMPLE, sampleBytesOf(segment)),
        };
        if (findings.length && !event.dryRun) {
          next.parts = state.parts + 1;
          const body = `${reported.map((f) => JSON.stringify(f)).join('\n')}\n`;
          await files.put(partName(state.run, segment, next.parts), body, 'application/x-ndjson');
        }
        const removable = mode === 'remove' ? findings.filter((f) => !f.kept) : [];
        if (event.dryRun) next.removed += removable.length;
        else
          for (const f of removable) {
            if (await quarantine(state.run, f)) next.removed += 1;
            else next.kept += 1;
          }
        return { state: next, done: !out.LastEvaluatedKey };
      },

      report: ({ run: _run, cursor: _cursor, ...report }) => report,
      merge: (a, b) => ({
        scanned: a.scanned + b.scanned,
        invalid: a.invalid + b.invalid,
        removed: a.removed + b.removed,
        kept: a.kept + b.kept,
        keptRecords: a.keptRecords + b.keptRecords,
        parts: a.parts + b.parts,
        sample: keepSample(a.sample, b.sample, byKey, SAMPLE),
      }),
      empty: EMPTY,

      async finish(report, run, event) {
        const dryRun = event.dryRun ?? false;
        return {
          done: true,
          progress: { phase: mode === 'select' ? 'checking' : 'removing', processed: report.scanned },
          result: {
            run,
            dryRun,
            scanned: report.scanned,
            invalid: report.invalid,
            ...(mode === 'remove'
              ? {
                  removed: report.removed,
                  changedAndKept: report.kept,
                  keptAsReleaseRecords: report.keptRecords,
                  quarantine: dryRun ? null : `quarantine/${run}/`,
                  next: report.removed ? 'regenerateSequenceMemory' : undefined,
                }
              : {}),
            findings: report.parts ? { folder: `operations/${slug}/${run}/`, files: report.parts } : null,
            sample: report.sample,
          },
        };
      },
    },
    db,
    tableName,
  );
}
