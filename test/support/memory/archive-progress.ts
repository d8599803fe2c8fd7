/**
 * In-memory adapter of the archive progress port (shared/data/archive-progress.ts), for unit tests of the release act
 * and the archive check: each release attempt's step by its record, the lines a check may read, and what was reported.
 */
import type { ArchiveProgressStore, PendingArchive } from '../../../shared/data/archive-progress';
import type { Tenant } from '../../../shared/data/table';
import type { RegisterLine } from '../../../shared/domain/release-register';

const idOf = (tenant: Tenant, recordUuid: string) => `${tenant.client}#${tenant.facility}#${recordUuid}`;

export function memoryArchiveProgress() {
  const attempts = new Map<string, PendingArchive & { orphaned?: string }>();
  const lines: { tenant: Tenant; line: RegisterLine }[] = [];
  const store: ArchiveProgressStore = {
    async begin(progress) {
      attempts.set(idOf(progress.tenant, progress.recordUuid), { ...progress, step: 'RECORD', releasedAt: null });
    },
    async done(tenant, recordUuid) {
      attempts.delete(idOf(tenant, recordUuid));
    },
    async pending(before) {
      return [...attempts.values()]
        .filter((a) => a.orphaned === undefined && a.begunAt < before)
        .map(({ orphaned: _reported, ...pending }) => structuredClone(pending));
    },
    async orphaned(pending, reportedAt) {
      const attempt = attempts.get(idOf(pending.tenant, pending.recordUuid));
      if (attempt?.step !== 'RECORD') return false;
      attempt.orphaned = reportedAt;
      return true;
    },
    async line(tenant, releasedAt, containerUuid) {
      const found = lines.find(
        (l) =>
          l.tenant.client === tenant.client &&
          l.tenant.facility === tenant.facility &&
          l.line.ReleasedAt === releasedAt &&
          l.line.ContainerUuid === containerUuid,
      );
      return found && structuredClone(found.line);
    },
  };
  return Object.assign(store, {
    attempts,
    /** What the release's transaction does: the attempt is booked, its line stored. */
    book(tenant: Tenant, recordUuid: string, line: RegisterLine) {
      const attempt = attempts.get(idOf(tenant, recordUuid));
      if (attempt) Object.assign(attempt, { step: 'LINE', releasedAt: line.ReleasedAt });
      lines.push({ tenant, line: structuredClone(line) });
    },
  });
}
