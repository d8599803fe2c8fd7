/**
 * shared/services/release-keeping.ts over the in-memory files: the record locked until the regime's retention before
 * anything is booked, its register line chained after the head read, the line's locked copy only once archived; the
 * attempt marked before the record is kept and unmarked once archived (the archive check's trace).
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createContainer } from '../../../shared/domain/container-rules';
import { registerLineKey } from '../../../shared/domain/register-chain';
import type { ReleaseRegisterRow } from '../../../shared/domain/release-register';
import { keepRecord, recordFilename } from '../../../shared/services/release-keeping';
import { memoryArchiveProgress } from '../../support/memory/archive-progress';
import { memoryFileStorage } from '../../support/memory/files';

const tenant = { client: 'c', facility: 'f' };
const NOW = new Date('2026-11-20T08:00:00Z');
const UNTIL = new Date('2029-11-20T08:00:00Z');

describe('keeping a release’s record', () => {
  it('locks the PDF first, chains its line after the head, and locks the line only when archived', async () => {
    const records = memoryFileStorage();
    const progress = memoryArchiveProgress();
    const next = createContainer(tenant, 'box', { Name: 'Box/12: hot lab' }, [], NOW);
    const row = { ContainerUuid: 'box', ReleasedAt: '2026-11-20 08:00:00', RecordDocumentUuid: 'doc' };
    const bytes = new TextEncoder().encode('%PDF record');
    const kept = await keepRecord(
      { records, lockMode: 'COMPLIANCE', progress },
      {
        tenant,
        caller: { sub: 'rso', name: 'Rosa', roles: ['rpo'] },
        view: { record: next, links: [], dispatchId: null, disposeId: null },
        next,
        bytes,
        filename: recordFilename(next.Name, NOW, 'Disposal record', 'Container'),
        until: UNTIL,
        row: row as ReleaseRegisterRow,
        previous: 'a'.repeat(64),
        type: 'DECAY_IN_STORAGE',
        now: NOW,
      },
    );
    const hash = createHash('sha256').update(bytes).digest('hex');
    expect(kept.document).toMatchObject({ Filename: 'Disposal record Box-12: hot lab 2026-11-20.pdf' });
    expect(kept.document.KeptUntil).toBe('2029-11-20 08:00:00');
    expect(records.objects.get(kept.document.File!.Key)!.retention).toMatchObject({ until: UNTIL, sha256: hash });
    expect(kept.line).toMatchObject({ PreviousSha256: 'a'.repeat(64), RecordSha256: hash });
    expect(kept.book).toBeUndefined();
    const lineKey = registerLineKey(tenant, kept.line);
    expect(records.objects.has(lineKey)).toBe(false);
    expect(await progress.pending('2026-11-20 08:00:01')).toMatchObject([{ recordUuid: 'doc', step: 'RECORD' }]);
    await kept.archive();
    expect(await progress.pending('2026-11-20 08:00:01')).toEqual([]);
    expect(records.objects.get(lineKey)!.retention).toMatchObject({ mode: 'COMPLIANCE', until: UNTIL });
  });
});
