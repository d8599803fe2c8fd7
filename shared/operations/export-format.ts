/**
 * The export format of exportRecords and importRecords (`format: "nm-archive-export"`, `version: 1`), in the bucket
 * under `exports/{client}/{run}/` (the ops CLI's --out copies it to a folder, --from uploads one):
 *
 *   manifest.json                       { format, version, client, createdAt, counts, files,
 *                                         parts: [{ path, kind, lines, bytes, sha256 }] }
 *   records/{kind}/part-00001.jsonl     one stored item per line, verbatim (keys included); a document's line carries
 *                                       `ExportFile: { path, bytes, sha256 }` when its file is in the document bucket
 *   files/{documentUuid}                that file
 *   records/records-bucket/part-*.jsonl one object of the client in the release records bucket per line:
 *                                       { key, contentType, bytes, sha256, retention: { mode, until } | null, path }
 *   records-bucket/{key}                its bytes
 *
 * Every item of the client's partitions but bookkeeping is exported, whatever its type: its kind is its Type in kebab
 * case unless KINDS names it. Sequence memory (counters, page buckets, the facility index) is not exported: the change
 * stream counts what import writes, like every other write.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createHash } from 'node:crypto';
import type { FileStorage } from '../data/files';
import { ITEM_TYPES, keys } from '../data/table';

export const EXPORT_FORMAT = 'nm-archive-export';
export const EXPORT_VERSION = 1;

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

/** The kinds items have always been exported under; a type not named here goes under its Type in kebab case. */
const KINDS: Record<string, string> = {
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

/** The kind an item is exported under. */
export function kindOf(item: { Type?: unknown }): string {
  const type = typeof item.Type === 'string' && item.Type ? item.Type : 'Untyped';
  return KINDS[type] ?? type.replace(/(?<=[a-z0-9])([A-Z])/g, '-$1').toLowerCase();
}

/** The kind of the lines that describe a client's objects in the release records bucket. */
export const RECORDS_BUCKET_KIND = 'records-bucket';

/** A line of RECORDS_BUCKET_KIND: an object, what it is kept under, and where its bytes are in the export. */
export interface KeptObjectLine {
  key: string;
  contentType: string;
  bytes: number;
  sha256: string;
  retention: { mode: string; until: string } | null;
  path: string;
}

export const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

/** Whether a partition key is one of the client's: its directory or one of its facilities. */
export const belongsTo = (client: string, pk: unknown) =>
  typeof pk === 'string' && (pk === keys.client(client) || pk.startsWith(`${keys.client(client)}#`));

/** `part-00001.jsonl`: the n-th part of a kind. */
export const partPath = (kind: string, n: number) => `records/${kind}/part-${String(n).padStart(5, '0')}.jsonl`;

/** The manifest of the export under `from`, checked to be of this format. */
export async function readManifest(files: FileStorage, from: string): Promise<Manifest> {
  const bytes = await files.read(`${from}manifest.json`);
  if (!bytes) throw new Error(`no manifest at ${from}`);
  const manifest = JSON.parse(new TextDecoder().decode(bytes)) as Manifest;
  if (manifest.format !== EXPORT_FORMAT || manifest.version !== EXPORT_VERSION)
    throw new Error(`unsupported export format ${manifest.format} v${manifest.version}`);
  return manifest;
}

/**
 * Where an export or an import works: the table, the documents bucket (the client for streamed copies, its file port)
 * and the release records bucket's port.
 */
export interface TransferPlaces {
  db: DynamoDBDocumentClient;
  tableName: string;
  s3: S3Client;
  bucket: string;
  files: FileStorage;
  records: FileStorage;
}
