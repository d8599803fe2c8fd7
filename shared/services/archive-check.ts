/**
 * The archive check (a schedule, daily on AWS: functions/container/archive-check.ts): every release attempt whose way
 * into the records bucket is not finished (shared/data/archive-progress.ts) and older than the grace a release may
 * take, every facility's, one by one:
 *
 * - not booked (`RECORD`): its record, if kept, is an orphaned record object (locked, no release names it): reported
 *   once, its mark kept out of the pending index as the facility's note of it; if none was kept, the mark goes;
 * - booked (`LINE`): its register line's locked copy is kept now if it is missing (the bytes the release keeps, locked
 *   for its regime's retention from the release), reported as an unlocked line; the mark goes.
 *
 * What an operator does with a report: docs/writes.md#the-archive-check. Knows the ports only.
 */
import type { ArchiveProgressStore, PendingArchive } from '../data/archive-progress';
import type { FileStorage, LockMode } from '../data/files';
import type { Tenant } from '../data/table';
import { RELEASE_REGISTER, registerLineKey } from '../domain/register-chain';
import { formatTimestamp } from '../domain/time';
import { keepLineObject } from './line-objects';

/** What one run found: each orphaned record and each line it locked, named; and the marks it cleared. */
export interface ArchiveReport {
  orphanedRecords: { tenant: Tenant; recordKey: string; containerUuid: string; begunAt: string }[];
  unlockedLines: { tenant: Tenant; containerUuid: string; releasedAt: string }[];
  /** Lines with no stored line to lock (an item removed by hand): named for the operator, the mark kept. */
  missingLines: { tenant: Tenant; containerUuid: string; releasedAt: string }[];
  cleared: number;
}

export interface ArchiveCheckOptions {
  lockMode: LockMode;
  /** An attempt younger than this may still be running: it is left for the next run. */
  graceSeconds: number;
  clock?: () => Date;
}

export function archiveCheck(progress: ArchiveProgressStore, records: FileStorage, options: ArchiveCheckOptions) {
  const { lockMode, graceSeconds, clock = () => new Date() } = options;

  /** The line's locked copy, kept as the release keeps it; false when there is no line to keep. */
  async function lockLine(pending: PendingArchive & { releasedAt: string }): Promise<boolean> {
    const line = await progress.line(pending.tenant, pending.releasedAt, pending.containerUuid);
    if (!line) return false;
    // Locked until its regime's retention from the release, as the release locks it (RELEASE_REGISTER.keptUntil).
    await keepLineObject(records, lockMode, RELEASE_REGISTER, pending.tenant, line);
    return true;
  }

  return {
    async run(): Promise<ArchiveReport> {
      const now = clock();
      const report: ArchiveReport = { orphanedRecords: [], unlockedLines: [], missingLines: [], cleared: 0 };
      const before = formatTimestamp(new Date(now.getTime() - graceSeconds * 1000));
      for (const pending of await progress.pending(before)) {
        const { tenant, recordUuid, containerUuid } = pending;
        if (pending.step === 'RECORD') {
          const kept = (await records.head(pending.recordKey)) !== undefined;
          if (!kept) {
            await progress.done(tenant, recordUuid);
            report.cleared += 1;
          } else if (await progress.orphaned(pending, formatTimestamp(now)))
            report.orphanedRecords.push({
              tenant,
              recordKey: pending.recordKey,
              containerUuid,
              begunAt: pending.begunAt,
            });
          continue;
        }
        const releasedAt = pending.releasedAt!;
        const line = { tenant, containerUuid, releasedAt };
        if (
          (await records.head(registerLineKey(tenant, { ReleasedAt: releasedAt, ContainerUuid: containerUuid }))) ===
          undefined
        ) {
          if (!(await lockLine({ ...pending, releasedAt }))) {
            report.missingLines.push(line);
            continue;
          }
          report.unlockedLines.push(line);
        } else report.cleared += 1;
        await progress.done(tenant, recordUuid);
      }
      return report;
    },
  };
}
