/**
 * selectInvalidRecords and removeInvalidRecords: scan the table a page per step and check every
 * record against the current schema and its references (shared/operations/records.ts).
 *
 * - select writes the findings as JSON Lines to `operations/select-invalid-records/{run}/` in the
 *   bucket and reports counts with a sample of reasons.
 * - remove copies each invalid record to `quarantine/{run}/{PK}/{SK}.json` in the bucket, then
 *   deletes it only if it is unchanged (a versioned record keeps its version). A valid record is never touched,
 *   and neither is a record StrlSchV § 86 keeps 30 years (a released container and what belongs to it, a release
 *   record's document, a register line): such a finding is reported as kept.
 * - A dry run of either writes nothing (no findings, no quarantine, no delete) and reports what a real run would:
 *   `removed` is what remove would remove. Removing documents or log entries changes counts:
 *   run regenerateSequenceMemory afterwards (the report says so).
 */
import { DeleteCommand, ScanCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchGet } from '../data/batch';
import { randomUUID } from 'node:crypto';
import type { FileStorage } from '../data/files';
import { keys } from '../data/table';
import { containerOf, isKeptRecord, recordProblems, type StoredItem } from './records';
import type { Operation } from './step';

const SCAN_PAGE = 500;
const SAMPLE = 20;

interface Finding {
  PK: string;
  SK: string;
  Type: string;
  problems: string[];
  /** Kept 30 years by StrlSchV § 86 Abs. 2: reported, never removed. */
  kept?: true;
}

interface State {
  run: string;
  cursor?: Record<string, unknown>;
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

export function invalidRecords(
  db: DynamoDBDocumentClient,
  tableName: string,
  files: FileStorage,
  mode: 'select' | 'remove',
): Operation<State> {
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

  return {
    name: mode === 'select' ? 'selectInvalidRecords' : 'removeInvalidRecords',

    initial: () => ({
      run: `${new Date().toISOString().slice(0, 19).replace(/[-:]/g, '')}-${randomUUID().slice(0, 8)}`,
      scanned: 0,
      invalid: 0,
      removed: 0,
      kept: 0,
      keptRecords: 0,
      parts: 0,
      sample: [],
    }),

    async step(state, event) {
      const out = await db.send(
        new ScanCommand({
          TableName: tableName,
          Limit: SCAN_PAGE,
          ...(state.cursor ? { ExclusiveStartKey: state.cursor } : {}),
        }),
      );
      const items = (out.Items ?? []) as StoredItem[];
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
      const next: State = {
        ...state,
        cursor: out.LastEvaluatedKey,
        scanned: state.scanned + (out.ScannedCount ?? 0),
        invalid: state.invalid + findings.length,
        keptRecords: state.keptRecords + findings.filter((f) => f.kept).length,
        sample: [...state.sample, ...findings.map(({ item: _item, ...f }) => f)].slice(0, SAMPLE),
      };
      if (findings.length && !event.dryRun) {
        next.parts = state.parts + 1;
        const part = `operations/${slug}/${state.run}/findings-${String(next.parts).padStart(5, '0')}.jsonl`;
        await files.put(
          part,
          `${findings.map(({ item: _item, ...f }) => JSON.stringify(f)).join('\n')}\n`,
          'application/x-ndjson',
        );
      }
      if (mode === 'remove' && event.dryRun) next.removed += findings.filter((f) => !f.kept).length;
      if (mode === 'remove' && !event.dryRun) {
        for (const f of findings.filter((finding) => !finding.kept)) {
          await files.put(
            `quarantine/${state.run}/${encodeURIComponent(f.PK)}/${encodeURIComponent(f.SK)}.json`,
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
            next.removed += 1;
          } catch (error) {
            if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
            next.kept += 1; // changed since it was read: it stays, the copy in quarantine is only a copy
          }
        }
      }
      const done = !out.LastEvaluatedKey;
      return {
        state: next,
        done,
        progress: { phase: mode === 'select' ? 'checking' : 'removing', processed: next.scanned },
        ...(done
          ? {
              result: {
                run: next.run,
                dryRun: event.dryRun ?? false,
                scanned: next.scanned,
                invalid: next.invalid,
                ...(mode === 'remove'
                  ? {
                      removed: next.removed,
                      changedAndKept: next.kept,
                      keptAsReleaseRecords: next.keptRecords,
                      quarantine: event.dryRun ? null : `quarantine/${next.run}/`,
                      next: next.removed ? 'regenerateSequenceMemory' : undefined,
                    }
                  : {}),
                findings: next.parts ? { folder: `operations/${slug}/${next.run}/`, files: next.parts } : null,
                sample: next.sample,
              },
            }
          : {}),
      };
    },
  };
}
