/**
 * The locked copies of the material book's lines: each line, once its transaction has booked it, is kept as its
 * canonical JSON under S3 Object Lock for the book's retention (§ 85 Abs. 3: 30 years), by year beside the release
 * register's lines. A copy that could not be written is missing until the rebuild operation writes it from the line
 * (the book's verify names the gap); the booking itself stands.
 */
import { createHash } from 'node:crypto';
import type { FileStorage, LockMode } from '../data/files';
import type { Tenant } from '../data/table';
import { canonicalLine, lineKey } from '../domain/chain';
import { type BookLine, MATERIAL_BOOK } from '../domain/material-book';
import { logger } from '../observability';

export interface BookArchive {
  /** Keeps each line's locked copy; a failure is logged, never thrown (the line is booked). */
  keep(tenant: Tenant, lines: readonly BookLine[]): Promise<void>;
}

export function bookArchive(records: FileStorage, lockMode: LockMode): BookArchive {
  return {
    async keep(tenant, lines) {
      await Promise.all(
        lines.map(async (line) => {
          const bytes = new TextEncoder().encode(canonicalLine(line));
          try {
            await records.keep(lineKey(MATERIAL_BOOK, tenant, line), bytes, 'application/json', {
              mode: lockMode,
              until: MATERIAL_BOOK.keptUntil(line),
              sha256: createHash('sha256').update(bytes).digest('hex'),
            });
          } catch (error) {
            logger.error('material booked, its book line not archived', {
              line: line.LineUuid,
              bookedAt: line.BookedAt,
              error: error as Error,
            });
          }
        }),
      );
    },
  };
}
