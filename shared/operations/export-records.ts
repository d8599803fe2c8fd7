/**
 * exportRecords: every record of one client into the export format (shared/operations/export-format.ts), reading only
 * that client's partitions (shared/operations/client-items.ts), then its objects in the release records bucket (listed
 * under the client's prefix, so objects whose items are lost still travel) with their bytes, SHA-256, media type and
 * retention. Its state stays small whatever the export's size: counts, the number of parts per kind and of steps; each
 * step's part entries wait in `operations/export-records/{run}/` until the manifest.
 *
 * A dry run writes nothing to the table or the bucket: it counts the records, files, objects and parts it would write
 * (no location).
 */
import { CopyObjectCommand, GetObjectCommand } from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import { isBookkeeping } from '../data/table';
import { clientFilesPrefix } from '../domain/document';
import { type ClientPosition, readClientItems } from './client-items';
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type KeptObjectLine,
  kindOf,
  type Manifest,
  type ManifestPart,
  partPath,
  RECORDS_BUCKET_KIND,
  sha256,
  type TransferPlaces,
} from './export-format';
import type { StoredItem } from './records';
import { runName } from './segments';
import type { Operation } from './step';
import { meterUsage } from './usage';

/** Items a step reads: a part holds at most one step's, so an import step takes a whole part. */
export const EXPORT_PAGE = 1000;
/** Objects of the records bucket a step copies (release records are PDFs of some tens of KiB). */
const OBJECTS_PER_STEP = 100;

interface ExportState {
  run: string;
  prefix: string;
  phase: 'items' | 'objects';
  /** Where the reading of the client's items is (undefined: at its start). */
  position?: ClientPosition;
  /** The records bucket's last key copied. */
  objectsAfter?: string;
  scanned: number;
  counts: Record<string, number>;
  files: number;
  partsPerKind: Record<string, number>;
  steps: number;
}

/** Where an export keeps its step-by-step part lists until it writes the manifest. */
const workPrefix = (run: string) => `operations/export-records/${run}/steps/`;
const stepList = (run: string, step: number) => `${workPrefix(run)}${String(step).padStart(6, '0')}.json`;

export function exportRecords(places: TransferPlaces): Operation<ExportState> {
  const { db, tableName, s3, bucket, files, records } = places;
  meterUsage(db);

  /**
   * Copies a document's file (in the document bucket) into the export and answers its checksum (streamed, never held
   * whole); in a dry run only whether there is one to copy. A release record's file is in the records bucket: it
   * travels with that bucket's objects.
   */
  async function exportFile(prefix: string, item: StoredItem, dryRun: boolean) {
    const file = item.File as { Key?: string } | null | undefined;
    if (!file?.Key) return undefined;
    if (dryRun) return (await files.head(file.Key)) !== undefined;
    const path = `files/${String(item.Uuid)}`;
    try {
      const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: file.Key }));
      const hash = createHash('sha256');
      let bytes = 0;
      for await (const chunk of object.Body as AsyncIterable<Uint8Array>) {
        hash.update(chunk);
        bytes += chunk.length;
      }
      await s3.send(
        new CopyObjectCommand({ Bucket: bucket, CopySource: `${bucket}/${file.Key}`, Key: `${prefix}${path}` }),
      );
      return { path, bytes, sha256: hash.digest('hex') };
    } catch (error) {
      if ((error as Error).name === 'NoSuchKey') return undefined;
      throw error;
    }
  }

  /** The next items of the client, as lines by kind (documents with their files). */
  async function itemLines(state: ExportState, client: string, dryRun: boolean, next: ExportState) {
    const page = await readClientItems(db, tableName, client, state.position, EXPORT_PAGE);
    const byKind = new Map<string, string[]>();
    for (const item of page.items as StoredItem[]) {
      if (isBookkeeping(item)) continue;
      const kind = kindOf(item);
      const exported = item.File ? await exportFile(state.prefix, item, dryRun) : undefined;
      if (exported) next.files += 1;
      const line = typeof exported === 'object' ? { ...item, ExportFile: exported } : item;
      byKind.set(kind, [...(byKind.get(kind) ?? []), JSON.stringify(line)]);
      next.counts[kind] = (next.counts[kind] ?? 0) + 1;
    }
    next.scanned += page.read;
    if (page.next) next.position = page.next;
    else Object.assign(next, { phase: 'objects', position: undefined });
    return byKind;
  }

  /** The client's next objects in the records bucket, copied into the export, as lines. */
  async function objectLines(state: ExportState, client: string, dryRun: boolean, next: ExportState) {
    const listed = await records.list(clientFilesPrefix(client), {
      after: state.objectsAfter,
      limit: OBJECTS_PER_STEP,
    });
    const lines: string[] = [];
    for (const key of listed.keys) {
      const path = `${RECORDS_BUCKET_KIND}/${key}`;
      const kept = dryRun ? undefined : await records.readKept(key);
      if (!dryRun && !kept) continue; // gone since it was listed
      if (kept) await files.put(`${state.prefix}${path}`, kept.body, kept.contentType);
      const line: KeptObjectLine | { key: string } = kept
        ? {
            key,
            contentType: kept.contentType,
            bytes: kept.body.byteLength,
            sha256: sha256(kept.body),
            retention: kept.retention && { mode: kept.retention.mode, until: kept.retention.until.toISOString() },
            path,
          }
        : { key };
      lines.push(JSON.stringify(line));
      next.counts[RECORDS_BUCKET_KIND] = (next.counts[RECORDS_BUCKET_KIND] ?? 0) + 1;
    }
    next.objectsAfter = listed.keys.at(-1) ?? state.objectsAfter;
    return { lines, done: !listed.more };
  }

  return {
    name: 'exportRecords',
    initial: (event) => {
      const run = runName();
      return {
        run,
        prefix: `exports/${event.client}/${run}/`,
        phase: 'items',
        scanned: 0,
        counts: {},
        files: 0,
        partsPerKind: {},
        steps: 0,
      };
    },
    async step(state, event) {
      const client = event.client!;
      const dryRun = event.dryRun ?? false;
      const next: ExportState = { ...state, counts: { ...state.counts }, partsPerKind: { ...state.partsPerKind } };
      let byKind: Map<string, string[]>;
      let done = false;
      if (state.phase === 'items') byKind = await itemLines(state, client, dryRun, next);
      else {
        const objects = await objectLines(state, client, dryRun, next);
        byKind = new Map(objects.lines.length ? [[RECORDS_BUCKET_KIND, objects.lines]] : []);
        done = objects.done;
      }
      const written: ManifestPart[] = [];
      for (const [kind, lines] of byKind) {
        next.partsPerKind[kind] = (next.partsPerKind[kind] ?? 0) + 1;
        if (dryRun) continue;
        const path = partPath(kind, next.partsPerKind[kind]);
        const body = `${lines.join('\n')}\n`;
        await files.put(`${state.prefix}${path}`, body, 'application/x-ndjson');
        written.push({ path, kind, lines: lines.length, bytes: Buffer.byteLength(body), sha256: sha256(body) });
      }
      next.steps = state.steps + 1;
      if (!dryRun) await files.put(stepList(state.run, next.steps), JSON.stringify(written), 'application/json');
      const progress = {
        phase: state.phase === 'items' ? 'exporting' : 'exporting release records',
        processed: next.scanned,
      };
      if (!done) return { state: next, done: false, progress };
      const summary = { client, dryRun, counts: next.counts, files: next.files, scanned: next.scanned };
      if (dryRun) {
        const parts = Object.values(next.partsPerKind).reduce((sum, n) => sum + n, 0);
        return { state: next, done: true, progress, result: { ...summary, location: null, parts } };
      }
      const parts: ManifestPart[] = [];
      for (let step = 1; step <= next.steps; step++)
        parts.push(
          ...(JSON.parse(new TextDecoder().decode((await files.read(stepList(state.run, step)))!)) as ManifestPart[]),
        );
      const manifest: Manifest = {
        format: EXPORT_FORMAT,
        version: EXPORT_VERSION,
        client,
        createdAt: new Date().toISOString(),
        counts: next.counts,
        files: next.files,
        parts,
      };
      await files.put(`${state.prefix}manifest.json`, JSON.stringify(manifest, null, 2), 'application/json');
      return { state: next, done: true, progress, result: { ...summary, location: state.prefix, parts: parts.length } };
    },
  };
}
