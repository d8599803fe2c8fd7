/**
 * importRecords: reads an export (shared/operations/export-format.ts). It checks the manifest and every part's
 * checksum, validates every record (current schema, the manifest's client), writes new records, overwrites older
 * ones (by UpdatedAt), leaves newer or equal ones and restores document files. The release records bucket's objects
 * go back where they were, under the same lock (mode, retain-until date; S3 checks their SHA-256) when missing; one
 * that exists is left alone, one whose bytes do not match its line is rejected. Its state stays small: counts, the
 * first 100 rejections, and where it is. Reports imported / unchanged / rejected with reasons. Re-running is harmless.
 *
 * A dry run writes nothing to the table or the bucket: it validates and counts what it would import, leave unchanged
 * and reject.
 */
import { CopyObjectCommand } from '@aws-sdk/client-s3';
import { batchGet, batchPut } from '../data/batch';
import type { LockMode } from '../data/files';
import { clientFilesPrefix } from '../domain/document';
import {
  belongsTo,
  type KeptObjectLine,
  type Manifest,
  type ManifestPart,
  RECORDS_BUCKET_KIND,
  readManifest,
  sha256,
  type TransferPlaces,
} from './export-format';
import { recordProblems, type StoredItem } from './records';
import type { Operation } from './step';
import { meterUsage } from './usage';

/** A part of items holds at most one export step's (shared/operations/export-records.ts EXPORT_PAGE): one step each. */
const ITEM_LINES_PER_STEP = 1000;
/** Objects of the records bucket a step puts back. */
const OBJECT_LINES_PER_STEP = 100;
const REJECTIONS_KEPT = 100;

interface ImportState {
  from: string;
  part: number;
  line: number;
  imported: number;
  unchanged: number;
  rejected: number;
  rejections: { line: string; reasons: string[] }[];
}

type Tally = Pick<ImportState, 'imported' | 'unchanged' | 'rejected' | 'rejections'>;
const reject = (tally: Tally, line: string, reasons: string[]) => {
  tally.rejected += 1;
  if (tally.rejections.length < REJECTIONS_KEPT) tally.rejections.push({ line, reasons });
};
/** A line's JSON, or undefined (rejected) when it is none. */
function parsed<T>(text: string, where: string, tally: Tally): T | undefined {
  try {
    return JSON.parse(text) as T;
  } catch {
    reject(tally, where, ['not JSON']);
    return undefined;
  }
}

/** A chunk of a part's lines, where it lies in the export, and the tally it adds to. */
interface PartLines {
  state: ImportState;
  client: string;
  part: ManifestPart;
  lines: string[];
  dryRun: boolean;
  tally: Tally;
}

export function importRecords(places: TransferPlaces): Operation<ImportState> {
  const { db, tableName, s3, bucket, files, records } = places;
  meterUsage(db);

  /** Lines of a part of items: validated, then what is new or newer written in batches with its files. */
  async function importItems({ state, client, part, lines, dryRun, tally }: PartLines) {
    const candidates: { record: StoredItem; exportFile?: { path: string } }[] = [];
    for (const [i, line] of lines.entries()) {
      const where = `${part.path}:${state.line + i + 1}`;
      const item = parsed<StoredItem & { ExportFile?: { path: string; sha256: string } }>(line, where, tally);
      if (!item) continue;
      const { ExportFile: exportFile, ...record } = item;
      const problems = [
        ...recordProblems(record).problems,
        ...(belongsTo(client, record.PK) ? [] : [`PK: ${String(record.PK)} is not of client ${client}`]),
      ];
      if (problems.length) reject(tally, where, problems);
      else candidates.push({ record, ...(exportFile ? { exportFile } : {}) });
    }
    const existing = new Map(
      (
        await batchGet(
          db,
          tableName,
          candidates.map((c) => ({ PK: c.record.PK, SK: c.record.SK })),
          { projection: 'PK, SK, UpdatedAt', consistent: true },
        )
      ).map((item) => [`${String(item.PK)}|${String(item.SK)}`, item]),
    );
    const writes = candidates.filter(({ record }) => {
      const stored = existing.get(`${String(record.PK)}|${String(record.SK)}`);
      return (
        !stored ||
        (typeof record.UpdatedAt === 'string' &&
          typeof stored.UpdatedAt === 'string' &&
          record.UpdatedAt > stored.UpdatedAt)
      );
    });
    tally.unchanged += candidates.length - writes.length;
    tally.imported += writes.length;
    if (dryRun) return;
    for (const { record, exportFile } of writes) {
      if (exportFile)
        await s3.send(
          new CopyObjectCommand({
            Bucket: bucket,
            CopySource: `${bucket}/${state.from}${exportFile.path}`,
            Key: (record.File as { Key: string }).Key,
          }),
        );
    }
    await batchPut(
      db,
      tableName,
      writes.map((w) => w.record),
    );
  }

  /** Lines of the records bucket's objects: each missing one put back under its lock, its bytes checked. */
  async function importObjects({ state, client, part, lines, dryRun, tally }: PartLines) {
    for (const [i, text] of lines.entries()) {
      const where = `${part.path}:${state.line + i + 1}`;
      const line = parsed<KeptObjectLine>(text, where, tally);
      if (!line) continue;
      if (typeof line.key !== 'string' || !line.key.startsWith(clientFilesPrefix(client))) {
        reject(tally, where, [`key: ${String(line.key)} is not of client ${client}`]);
        continue;
      }
      const body = await files.read(`${state.from}${line.path}`);
      if (!body || sha256(body) !== line.sha256) {
        reject(tally, where, [`${line.path}: missing or its SHA-256 does not match its line`]);
        continue;
      }
      if (await records.head(line.key)) {
        tally.unchanged += 1;
        continue;
      }
      tally.imported += 1;
      if (dryRun) continue;
      // Without a lock reported (an emulator's export) the bucket's default retention locks it.
      if (line.retention)
        await records.keep(line.key, body, line.contentType, {
          mode: line.retention.mode as LockMode,
          until: new Date(line.retention.until),
          sha256: line.sha256,
        });
      else await records.put(line.key, body, line.contentType);
    }
  }

  return {
    name: 'importRecords',
    initial: (event) => ({
      from: event.inputs?.from ?? '',
      part: 0,
      line: 0,
      imported: 0,
      unchanged: 0,
      rejected: 0,
      rejections: [],
    }),
    async step(state, event) {
      const client = event.client!;
      if (!state.from) throw new Error('importRecords needs `from`: the export prefix in the bucket');
      const manifest: Manifest = await readManifest(files, state.from);
      if (manifest.client !== client) throw new Error(`the export is of client ${manifest.client}, not ${client}`);
      const next: ImportState = { ...state, rejections: [...state.rejections] };
      const part = manifest.parts[state.part];
      if (part) {
        const body = await files.read(`${state.from}${part.path}`);
        if (!body || sha256(body) !== part.sha256)
          throw new Error(`${part.path}: missing or its SHA-256 does not match the manifest`);
        const lines = new TextDecoder().decode(body).split('\n').filter(Boolean);
        const objects = part.kind === RECORDS_BUCKET_KIND;
        const perStep = objects ? OBJECT_LINES_PER_STEP : ITEM_LINES_PER_STEP;
        const chunk = lines.slice(state.line, state.line + perStep);
        await (objects ? importObjects : importItems)({
          state,
          client,
          part,
          lines: chunk,
          dryRun: event.dryRun ?? false,
          tally: next,
        });
        const finished = state.line + perStep >= lines.length;
        next.part = finished ? state.part + 1 : state.part;
        next.line = finished ? 0 : state.line + perStep;
        const total = manifest.parts.reduce((s, p) => s + p.lines, 0);
        const processed = next.imported + next.unchanged + next.rejected;
        return { state: next, done: false, progress: { phase: 'importing', processed, total } };
      }
      return {
        state: next,
        done: true,
        progress: { phase: 'done', processed: next.imported + next.unchanged + next.rejected },
        result: {
          client,
          dryRun: event.dryRun ?? false,
          from: state.from,
          imported: next.imported,
          unchanged: next.unchanged,
          rejected: next.rejected,
          rejections: next.rejections,
        },
      };
    },
  };
}
