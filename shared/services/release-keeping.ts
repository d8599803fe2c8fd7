/**
 * What a release keeps and books, whatever its regime: the record's PDF under S3 Object Lock (stored before anything
 * is written to the table), its register line chained after the head the release read, the material book's line of
 * where the container's material went, and the archive of both lines once the transaction booked them.
 */
import { createHash } from 'node:crypto';
import type { Tenant } from '../data/table';
import type { ContainerRecord } from '../domain/container-fields';
import type { ContainerView } from '../domain/container-model';
import { FILENAME_FORBIDDEN, releaseRecordDocument } from '../domain/document';
import { chainLine, RELEASE_REGISTER } from '../domain/register-chain';
import type { ReleaseRegisterRow } from '../domain/release-register';
import { formatTimestamp } from '../domain/time';
import { leavingWrite } from './container-book';
import { keepLineObject } from './line-objects';
import type { ReleaseParts } from './release-act';
import type { Writer } from './writes';

/** A file name for the record: `title`, the container's name made safe for a file name, and the day. */
export function recordFilename(name: string, now: Date, title = 'Freigabeprotokoll', unnamed = 'Behälter'): string {
  const safe = [...name.replaceAll(new RegExp(FILENAME_FORBIDDEN, 'g'), '-')].slice(0, 80).join('').trim() || unnamed;
  return `${title} ${safe} ${formatTimestamp(now).slice(0, 10)}.pdf`;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** What a release keeps and books: the record's bytes, its file name and lock, its register row and head. */
export interface RecordToKeep {
  tenant: Tenant;
  caller: Writer;
  view: ContainerView;
  /** The container as released. */
  next: ContainerRecord;
  bytes: Uint8Array;
  filename: string;
  /** Until when the record and its line are locked (the regime's retention). */
  until: Date;
  row: ReleaseRegisterRow;
  /** The register's head the line is chained after. */
  previous: string | null;
  type: string;
  now: Date;
}

/**
 * Stores the record PDF under Object Lock before anything is written to the table, and prepares its register line,
 * the material book's line of where the container's material went, and the archive of both once booked.
 */
export async function keepRecord(
  parts: Pick<ReleaseParts, 'records' | 'lockMode' | 'book' | 'progress'>,
  r: RecordToKeep,
) {
  const { tenant, next, bytes, until, now } = r;
  const hash = sha256(bytes);
  const seconds = Math.floor(now.getTime() / 1000);
  const document = releaseRecordDocument(
    next,
    r.row.RecordDocumentUuid,
    r.filename,
    { Size: bytes.byteLength, ContentType: 'application/pdf', CreatedAt: seconds, ModifiedAt: seconds },
    until,
    now,
  );
  // Marked before the record is kept: an attempt stopped from here on leaves a trace the archive check finds (its
  // record, if kept, is reported as an orphan unless the release's transaction books it).
  await parts.progress.begin({
    tenant,
    recordUuid: r.row.RecordDocumentUuid,
    recordKey: document.File!.Key,
    containerUuid: next.Uuid,
    begunAt: formatTimestamp(now),
  });
  await parts.records.keep(document.File!.Key, bytes, 'application/pdf', { mode: parts.lockMode, until, sha256: hash });
  const line = chainLine(r.row, r.previous, hash);
  const book = await leavingWrite(
    parts.book,
    tenant,
    r.caller,
    { uuid: next.Uuid, links: r.view.links },
    'RELEASED',
    formatTimestamp(now),
    { type: r.type, registerLineSha256: line.LineSha256 },
  );
  return {
    document,
    hash,
    line,
    book: book ?? undefined,
    // The line's locked copy beside its PDF, once the transaction has booked it (a failed one leaves no copy); the
    // material book's line beside its book; then the release is archived, and its mark goes (until then the archive
    // check would complete the register line's copy).
    archive: async () => {
      await keepLineObject(parts.records, parts.lockMode, RELEASE_REGISTER, tenant, line, until);
      if (book) await parts.book!.archive.keep(tenant, [book.line]);
      await parts.progress.done(tenant, r.row.RecordDocumentUuid);
    },
  };
}
