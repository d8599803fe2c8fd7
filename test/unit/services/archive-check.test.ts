/**
 * shared/services/archive-check.ts over the in-memory ports: an unbooked attempt's kept record reported once as an
 * orphan, one that kept nothing cleared; a booked line without its locked copy locked and reported; what is younger
 * than the grace left for the next run.
 */
import { describe, expect, it } from 'vitest';
import { canonicalLine, keptUntilFor, registerLineKey } from '../../../shared/domain/register-chain';
import { DECAY_IN_STORAGE } from '../../../shared/domain/release-types';
import { archiveCheck } from '../../../shared/services/archive-check';
import { memoryArchiveProgress } from '../../support/memory/archive-progress';
import { memoryFileStorage } from '../../support/memory/files';
import { registerLine } from '../../support/register-lines';

const tenant = { client: 'c1', facility: 'f1' };
const GRACE = 15 * 60;

function setup() {
  const progress = memoryArchiveProgress();
  const records = memoryFileStorage();
  let now = new Date('2026-11-21T03:00:00Z');
  const check = archiveCheck(progress, records, { lockMode: 'COMPLIANCE', graceSeconds: GRACE, clock: () => now });
  /** A release attempt begun at `begunAt` on `record`, whose PDF was kept or not. */
  const attempt = async (record: string, begunAt: string, kept: boolean) => {
    const recordKey = `documents/c1/f1/${record}`;
    await progress.begin({ tenant, recordUuid: record, recordKey, containerUuid: `box-${record}`, begunAt });
    if (kept)
      await records.keep(recordKey, new TextEncoder().encode('%PDF'), 'application/pdf', {
        mode: 'COMPLIANCE',
        until: new Date('2056-11-20T00:00:00Z'),
        sha256: '0'.repeat(64),
      });
  };
  return { progress, records, check, attempt, at: (iso: string) => (now = new Date(iso)) };
}

describe('the archive check', () => {
  it('reports a kept record no release books once, keeps its mark as its note, clears what kept nothing', async () => {
    const { progress, check, attempt } = setup();
    await attempt('r1', '2026-11-20 10:00:00', true);
    await attempt('r2', '2026-11-20 10:00:01', false);
    const report = await check.run();
    expect(report.orphanedRecords).toEqual([
      { tenant, recordKey: 'documents/c1/f1/r1', containerUuid: 'box-r1', begunAt: '2026-11-20 10:00:00' },
    ]);
    expect(report).toMatchObject({ unlockedLines: [], missingLines: [], cleared: 1 });
    expect(progress.attempts.get('c1#f1#r1')?.orphaned).toBe('2026-11-21 03:00:00');
    expect(progress.attempts.has('c1#f1#r2')).toBe(false);
    expect(await check.run()).toEqual({ orphanedRecords: [], unlockedLines: [], missingLines: [], cleared: 0 });
  });

  it('leaves an attempt younger than the grace (it may still run) for the next run', async () => {
    const { check, attempt, at } = setup();
    await attempt('r1', '2026-11-21 02:50:00', true);
    expect((await check.run()).orphanedRecords).toEqual([]);
    at('2026-11-21T03:06:00Z');
    expect((await check.run()).orphanedRecords).toHaveLength(1);
  });

  it("locks a booked line's missing copy as the release keeps it (30 years) and reports it", async () => {
    const { progress, records, check, attempt } = setup();
    const line = { ...registerLine('2026-11-20 10:00:05', null, 'a'), ContainerUuid: 'box-r1' };
    await attempt('r1', '2026-11-20 10:00:00', true);
    progress.book(tenant, 'r1', line);
    const report = await check.run();
    expect(report).toMatchObject({
      orphanedRecords: [],
      unlockedLines: [{ tenant, containerUuid: 'box-r1', releasedAt: '2026-11-20 10:00:05' }],
    });
    const object = records.objects.get(registerLineKey(tenant, line))!;
    expect(new TextDecoder().decode(object.body)).toBe(canonicalLine(line));
    expect(object.retention).toMatchObject({ mode: 'COMPLIANCE', until: new Date('2056-11-20T10:00:05Z') });
    expect(progress.attempts.size).toBe(0);
  });

  it("locks a line of the US regime's decay in storage for that regime's retention (3 years)", async () => {
    const { progress, records, check, attempt } = setup();
    const line = {
      ...registerLine('2026-11-20 10:00:05', null, 'a'),
      ContainerUuid: 'box-r1',
      ReleaseType: DECAY_IN_STORAGE,
    };
    await attempt('r1', '2026-11-20 10:00:00', true);
    progress.book(tenant, 'r1', line);
    await check.run();
    const object = records.objects.get(registerLineKey(tenant, line))!;
    expect(object.retention).toMatchObject({ until: keptUntilFor(DECAY_IN_STORAGE, new Date('2026-11-20T10:00:05Z')) });
    expect(object.retention).toMatchObject({ until: new Date('2029-11-20T10:00:05Z') });
  });

  it('clears a booked line whose copy is there (its mark outlived it), names one with no line to lock', async () => {
    const { progress, records, check, attempt } = setup();
    const there = { ...registerLine('2026-11-20 10:00:05', null, 'a'), ContainerUuid: 'box-r1' };
    await attempt('r1', '2026-11-20 10:00:00', true);
    progress.book(tenant, 'r1', there);
    await records.put(registerLineKey(tenant, there), canonicalLine(there), 'application/json');
    await attempt('r2', '2026-11-20 11:00:00', true);
    progress.attempts.get('c1#f1#r2')!.step = 'LINE';
    progress.attempts.get('c1#f1#r2')!.releasedAt = '2026-11-20 11:00:02';
    const report = await check.run();
    expect(report).toMatchObject({
      cleared: 1,
      unlockedLines: [],
      missingLines: [{ tenant, containerUuid: 'box-r2', releasedAt: '2026-11-20 11:00:02' }],
    });
    expect([...progress.attempts.keys()]).toEqual(['c1#f1#r2']);
  });
});
