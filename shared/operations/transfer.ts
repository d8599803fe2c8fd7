/**
 * exportRecords and importRecords for one client.
 *
 * Export layout (in the bucket under `exports/{client}/{run}/`; the ops CLI's --out copies it to a
 * folder, --from uploads one):
 *   manifest.json                     { format, version, client, createdAt, counts, parts: [{ path, kind, lines, bytes,
 * sha256 }] }
 *   records/{kind}/part-00001.jsonl   one stored item per line, verbatim (keys included)
 *   files/{documentUuid}              each document's file; the document's line carries
 *                                     `ExportFile: { path, bytes, sha256 }`
 * Kinds: containers, container-links, container-records, audit, documents, log-entries, persons,
 * devices, probes, release-register. Sequence memory (counters, page buckets) is not exported: the change stream
 * counts what import writes, like every other write.
 *
 * Import checks the manifest and every part's checksum, validates every record (current schema,
 * the manifest's client), writes new records, overwrites older ones (by UpdatedAt), leaves newer or
 * equal ones and restores document files (its state stays small: counts, the first 100 rejections,
 * and where it is). Reports imported / unchanged / rejected with reasons. Re-running is harmless.
 *
 * A dry run writes nothing to the table or the bucket: export counts the records, files and parts it would write
 * (no location), import validates and counts what it would import, leave unchanged and reject.
 */
import { CopyObjectCommand, GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { ScanCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchGet, batchPut } from '../data/batch';
import { createHash, randomUUID } from 'node:crypto';
import type { FileStorage } from '../data/files';
import { ITEM_TYPES, keys } from '../data/table';
import { recordProblems, type StoredItem } from './records';
import type { Operation } from './step';

const EXPORT_FORMAT = 'nm-archive-export';
const EXPORT_VERSION = 1;
const SCAN_PAGE = 1000;
/** A part holds at most one scan page, so an import step takes a whole part: each is read and hashed once. */
const IMPORT_LINES_PER_STEP = SCAN_PAGE;

const KIND_OF: Record<string, string> = {
  [ITEM_TYPES.container]: 'containers',
  [ITEM_TYPES.containerLink]: 'container-links',
  [ITEM_TYPES.dispatch]: 'container-records',
  [ITEM_TYPES.dispose]: 'container-records',
  [ITEM_TYPES.audit]: 'audit',
  [ITEM_TYPES.document]: 'documents',
  [ITEM_TYPES.maintenanceEntry]: 'log-entries',
  [ITEM_TYPES.person]: 'persons',
  [ITEM_TYPES.device]: 'devices',
  [ITEM_TYPES.probe]: 'probes',
  [ITEM_TYPES.releaseEntry]: 'release-register',
  [ITEM_TYPES.clearanceNotice]: 'clearance-notices',
  [ITEM_TYPES.instrument]: 'instruments',
  [ITEM_TYPES.instrumentCheck]: 'instrument-checks',
  [ITEM_TYPES.decisionMeasurement]: 'decision-measurements',
};

export interface ManifestPart {
  path: string;
  kind: string;
  lines: number;
  bytes: number;
  sha256: string;
}
export interface Manifest {
  format: string;
  version: number;
  client: string;
  createdAt: string;
  counts: Record<string, number>;
  files: number;
  parts: ManifestPart[];
}

/** Where an export keeps its step-by-step part lists until it writes the manifest. */
const workPrefix = (run: string) => `operations/export-records/${run}/steps/`;
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');
const belongsTo = (client: string, pk: unknown) =>
  typeof pk === 'string' && (pk === keys.client(client) || pk.startsWith(`${keys.client(client)}#`));

/**
 * The state stays small whatever the export's size: counts, the number of parts per kind and of
 * steps; each step's part entries wait in `operations/export-records/{run}/` until the manifest.
 */
interface ExportState {
  run: string;
  prefix: string;
  cursor?: Record<string, unknown>;
  scanned: number;
  counts: Record<string, number>;
  files: number;
  partsPerKind: Record<string, number>;
  steps: number;
}

export function exportRecords(
  db: DynamoDBDocumentClient,
  tableName: string,
  s3: S3Client,
  bucket: string,
  files: FileStorage,
): Operation<ExportState> {
  /**
   * Copies a document's file into the export and answers its checksum (streamed, never held whole); in a dry run
   * only whether there is one to copy.
   */
  async function exportFile(
    prefix: string,
    item: StoredItem,
    dryRun: boolean,
  ): Promise<{ path: string; bytes: number; sha256: string } | boolean | undefined> {
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

  return {
    name: 'exportRecords',
    initial: (event) => {
      const run = `${new Date().toISOString().slice(0, 19).replace(/[-:]/g, '')}-${randomUUID().slice(0, 8)}`;
      return {
        run,
        prefix: `exports/${event.client}/${run}/`,
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
      const out = await db.send(
        new ScanCommand({
          TableName: tableName,
          Limit: SCAN_PAGE,
          FilterExpression: 'PK = :client OR begins_with(PK, :prefix)',
          ExpressionAttributeValues: { ':client': keys.client(client), ':prefix': `${keys.client(client)}#` },
          ...(state.cursor ? { ExclusiveStartKey: state.cursor } : {}),
        }),
      );
      const byKind = new Map<string, string[]>();
      const counts = { ...state.counts };
      let fileCount = state.files;
      for (const item of (out.Items ?? []) as StoredItem[]) {
        const kind = KIND_OF[String(item.Type)];
        if (!kind || !belongsTo(client, item.PK)) continue;
        const exported = kind === 'documents' ? await exportFile(state.prefix, item, dryRun) : undefined;
        if (exported) fileCount += 1;
        byKind.set(kind, [
          ...(byKind.get(kind) ?? []),
          JSON.stringify(typeof exported === 'object' ? { ...item, ExportFile: exported } : item),
        ]);
        counts[kind] = (counts[kind] ?? 0) + 1;
      }
      const partsPerKind = { ...state.partsPerKind };
      const written: ManifestPart[] = [];
      for (const [kind, lines] of byKind) {
        partsPerKind[kind] = (partsPerKind[kind] ?? 0) + 1;
        if (dryRun) continue;
        const path = `records/${kind}/part-${String(partsPerKind[kind]).padStart(5, '0')}.jsonl`;
        const body = `${lines.join('\n')}\n`;
        await files.put(`${state.prefix}${path}`, body, 'application/x-ndjson');
        written.push({ path, kind, lines: lines.length, bytes: Buffer.byteLength(body), sha256: sha256(body) });
      }
      const steps = state.steps + 1;
      if (!dryRun)
        await files.put(
          `${workPrefix(state.run)}${String(steps).padStart(6, '0')}.json`,
          JSON.stringify(written),
          'application/json',
        );
      const next: ExportState = {
        ...state,
        cursor: out.LastEvaluatedKey,
        scanned: state.scanned + (out.ScannedCount ?? 0),
        counts,
        files: fileCount,
        partsPerKind,
        steps,
      };
      if (out.LastEvaluatedKey)
        return { state: next, done: false, progress: { phase: 'exporting', processed: next.scanned } };
      if (dryRun) {
        const parts = Object.values(partsPerKind).reduce((sum, n) => sum + n, 0);
        return {
          state: next,
          done: true,
          progress: { phase: 'exporting', processed: next.scanned },
          result: { client, dryRun, location: null, counts, files: fileCount, parts, scanned: next.scanned },
        };
      }
      const parts: ManifestPart[] = [];
      for (let step = 1; step <= steps; step++) {
        parts.push(
          ...(JSON.parse(
            new TextDecoder().decode(
              (await files.read(`${workPrefix(state.run)}${String(step).padStart(6, '0')}.json`))!,
            ),
          ) as ManifestPart[]),
        );
      }
      const manifest: Manifest = {
        format: EXPORT_FORMAT,
        version: EXPORT_VERSION,
        client,
        createdAt: new Date().toISOString(),
        counts,
        files: fileCount,
        parts,
      };
      await files.put(`${state.prefix}manifest.json`, JSON.stringify(manifest, null, 2), 'application/json');
      return {
        state: next,
        done: true,
        progress: { phase: 'exporting', processed: next.scanned },
        result: {
          client,
          dryRun,
          location: state.prefix,
          counts,
          files: fileCount,
          parts: parts.length,
          scanned: next.scanned,
        },
      };
    },
  };
}

interface ImportState {
  from: string;
  part: number;
  line: number;
  imported: number;
  unchanged: number;
  rejected: number;
  rejections: { line: string; reasons: string[] }[];
}

export function importRecords(
  db: DynamoDBDocumentClient,
  tableName: string,
  s3: S3Client,
  bucket: string,
  files: FileStorage,
): Operation<ImportState> {
  async function manifestOf(from: string): Promise<Manifest> {
    const bytes = await files.read(`${from}manifest.json`);
    if (!bytes) throw new Error(`no manifest at ${from}`);
    const manifest = JSON.parse(new TextDecoder().decode(bytes)) as Manifest;
    if (manifest.format !== EXPORT_FORMAT || manifest.version !== EXPORT_VERSION)
      throw new Error(`unsupported export format ${manifest.format} v${manifest.version}`);
    return manifest;
  }

  return {
    name: 'importRecords',
    initial: (event) => ({
      from: event.from ?? '',
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
      const manifest = await manifestOf(state.from);
      if (manifest.client !== client) throw new Error(`the export is of client ${manifest.client}, not ${client}`);
      const next: ImportState = { ...state, rejections: [...state.rejections] };
      const part = manifest.parts[state.part];
      if (part) {
        const body = await files.read(`${state.from}${part.path}`);
        if (!body || sha256(body) !== part.sha256)
          throw new Error(`${part.path}: missing or its SHA-256 does not match the manifest`);
        const lines = new TextDecoder().decode(body).split('\n').filter(Boolean);
        const chunk = lines.slice(state.line, state.line + IMPORT_LINES_PER_STEP);
        // Validate the chunk, then read what exists of it and write what is new or newer, in batches.
        const candidates: { record: StoredItem; exportFile?: { path: string } }[] = [];
        for (const [i, line] of chunk.entries()) {
          const where = `${part.path}:${state.line + i + 1}`;
          let item: StoredItem & { ExportFile?: { path: string; sha256: string } };
          try {
            item = JSON.parse(line);
          } catch {
            next.rejected += 1;
            next.rejections.push({ line: where, reasons: ['not JSON'] });
            continue;
          }
          const { ExportFile: exportFile, ...record } = item;
          const problems = [
            ...recordProblems(record).problems,
            ...(belongsTo(client, record.PK) ? [] : [`PK: ${String(record.PK)} is not of client ${client}`]),
          ];
          if (problems.length) {
            next.rejected += 1;
            if (next.rejections.length < 100) next.rejections.push({ line: where, reasons: problems });
            continue;
          }
          candidates.push({ record, ...(exportFile ? { exportFile } : {}) });
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
        next.unchanged += candidates.length - writes.length;
        for (const { record, exportFile } of event.dryRun ? [] : writes) {
          if (exportFile)
            await s3.send(
              new CopyObjectCommand({
                Bucket: bucket,
                CopySource: `${bucket}/${state.from}${exportFile.path}`,
                Key: (record.File as { Key: string }).Key,
              }),
            );
        }
        if (!event.dryRun)
          await batchPut(
            db,
            tableName,
            writes.map((w) => w.record),
          );
        next.imported += writes.length;
        const finished = state.line + IMPORT_LINES_PER_STEP >= lines.length;
        next.part = finished ? state.part + 1 : state.part;
        next.line = finished ? 0 : state.line + IMPORT_LINES_PER_STEP;
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
