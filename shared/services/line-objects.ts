/**
 * A chained line's locked copy, as every writer of one keeps it (the release, the archive check that completes a
 * release's): its canonical JSON (shared/domain/chain.ts), checksummed, under S3 Object Lock at its book's key, until
 * its book's retention for it unless the writer names the date.
 */
import { createHash } from 'node:crypto';
import type { FileStorage, LockMode } from '../data/files';
import type { Tenant } from '../data/table';
import { type Book, type Chained, canonicalLine, lineKey } from '../domain/chain';

export async function keepLineObject<L extends Chained>(
  records: Pick<FileStorage, 'keep'>,
  lockMode: LockMode,
  book: Book<L>,
  tenant: Tenant,
  line: L,
  until: Date = book.keptUntil(line),
): Promise<void> {
  const bytes = new TextEncoder().encode(canonicalLine(line));
  await records.keep(lineKey(book, tenant, line), bytes, 'application/json', {
    mode: lockMode,
    until,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  });
}
