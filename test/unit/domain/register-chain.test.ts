/**
 * shared/domain/register-chain.ts: the register as a chain of RFC 8785 hashes: a line hashes to its LineSha256, a
 * changed, rewritten, removed or forked line is found, each line against its locked object and PDF, and what a
 * rebuild restores.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  canonicalLine,
  chainEndFrom,
  chainLine,
  lineOfObject,
  lineSha256,
  rebuildPlan,
  registerLineKey,
  verifyChain,
  type ChainedLine,
  type LineObject,
} from '../../../shared/domain/register-chain';
import type { ReleaseRegisterRow } from '../../../shared/domain/release-register';

const row = (n: number): ReleaseRegisterRow => ({
  ContainerUuid: `box-${n}`,
  Name: `Box ${n} – ä`,
  ReleasedAt: `2026-11-2${n} 10:00:00`,
  ReleasedBy: 'grace',
  ReleasedByName: 'Grace Hopper',
  Weight: 10_000 + n,
  WasteForm: 'SOLID',
  SumOfRatios: 0.00001 * n,
  Nuclides: [{ Nuclide: 'F-18', SpecificActivityBqPerG: 1e-7, ValueUsedBqPerG: 0.002, BelowDecisionThreshold: true }],
  MeasurementMethod: 'GROSS_ACTIVITY_PER_MASS',
  InstrumentSerialNumber: 'SN-4711',
  DecisionMeasurementAt: `2026-11-2${n} 09:00:00`,
  ReleaseType: 'UNRESTRICTED',
  ClearanceNoticeUuid: 'notice-1',
  ClearanceNoticeFileNumber: 'RP-2026/0815',
  Justification: null,
  RecordDocumentUuid: `doc-${n}`,
});
const pdf = (n: number) => createHash('sha256').update(`pdf ${n}`).digest('hex');

/** Three lines chained after `before`. */
function chain(before: string | null = null): ChainedLine[] {
  const lines: ChainedLine[] = [];
  for (const n of [1, 2, 3]) lines.push(chainLine(row(n), lines.at(-1)?.LineSha256 ?? before, pdf(n)));
  return lines;
}
const objectsOf = (lines: readonly ChainedLine[]): LineObject[] =>
  lines.map((line, i) => ({ line: structuredClone(line), recordSha256: pdf(i + 1) }));

describe('a line and its hash', () => {
  it('is the SHA-256 of the canonical JSON of every member but LineSha256, PreviousSha256 included', () => {
    const [first] = chain();
    const { LineSha256, ...hashed } = first!;
    const text = canonicalLine(hashed);
    expect(text.startsWith('{"ClearanceNoticeFileNumber":"RP-2026/0815","ClearanceNoticeUuid":"notice-1"')).toBe(true);
    expect(text).toContain('"SumOfRatios":0.00001,');
    expect(text).toContain('"SpecificActivityBqPerG":1e-7,');
    expect(text).toContain('"PreviousSha256":null,');
    expect(LineSha256).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
    expect(lineSha256(first!)).toBe(LineSha256);
  });
});

describe('verifyChain', () => {
  it('holds for an unbroken chain with its objects and PDFs, whatever order the lines come in', () => {
    const lines = chain('previous-year');
    expect(verifyChain([lines[2]!, lines[0]!, lines[1]!], 'previous-year', objectsOf(lines))).toEqual({
      Valid: true,
      Lines: 3,
      Objects: 3,
      FirstBroken: null,
      Missing: [],
    });
  });

  it('names a changed line; one rewritten with a fresh hash breaks the next link and its object', () => {
    const lines = chain();
    const objects = objectsOf(lines);
    const changed = lines.map((l, i) => (i === 1 ? { ...l, Weight: 1 } : l));
    expect(verifyChain(changed, null, objects).FirstBroken).toEqual({
      ContainerUuid: 'box-2',
      ReleasedAt: '2026-11-22 10:00:00',
      Reason: 'the line does not hash to its LineSha256',
    });
    const rewritten = changed.map((l, i) => (i === 1 ? { ...l, LineSha256: lineSha256(l) } : l));
    expect(verifyChain(rewritten, null, objects).FirstBroken?.Reason).toBe('the line differs from its locked object');
    expect(verifyChain(rewritten, null, []).FirstBroken).toMatchObject({ ContainerUuid: 'box-3' });
  });

  it('names a removed line, a fork, a missing object and a PDF that does not match', () => {
    const lines = chain();
    const removed = verifyChain([lines[0]!, lines[2]!], null, objectsOf(lines));
    expect(removed.Valid).toBe(false);
    expect(removed.FirstBroken).toMatchObject({ ContainerUuid: 'box-3' });
    expect(removed.Missing).toEqual([{ ContainerUuid: 'box-2', ReleasedAt: '2026-11-22 10:00:00', Missing: 'line' }]);
    const fork = chainLine(row(4), lines[0]!.LineSha256, pdf(4));
    expect(verifyChain([...lines, fork], null, objectsOf([...lines, fork])).FirstBroken?.Reason).toMatch(
      /^two lines follow/,
    );
    expect(verifyChain(lines, null, objectsOf(lines).slice(1)).Missing).toEqual([
      { ContainerUuid: 'box-1', ReleasedAt: '2026-11-21 10:00:00', Missing: 'object' },
    ]);
    const wrongPdf = objectsOf(lines).map((o, i) => (i === 2 ? { ...o, recordSha256: pdf(9) } : o));
    expect(verifyChain(lines, null, wrongPdf).FirstBroken?.Reason).toBe('the record PDF does not hash to RecordSha256');
    expect(verifyChain(lines, 'another start', objectsOf(lines)).FirstBroken?.Reason).toBe(
      'no line follows another start',
    );
  });
});

describe('rebuildPlan', () => {
  it('restores lines the table lacks from sound objects, objects the bucket lacks, and changes nothing else', () => {
    const lines = chain();
    const damaged = { ...lines[2]!, Weight: 1 };
    const plan = rebuildPlan([lines[1]!, damaged], [lines[0]!, lines[2]!]);
    expect(plan.restoreLines.map((l) => l.ContainerUuid)).toEqual(['box-1']);
    expect(plan.restoreObjects.map((l) => l.ContainerUuid)).toEqual(['box-2']);
    expect(plan.conflicts).toEqual([
      { ContainerUuid: 'box-3', ReleasedAt: '2026-11-23 10:00:00', Reason: 'the line differs from its locked object' },
    ]);
    expect(plan.unchanged).toBe(0);
  });

  it('restores nothing from a damaged object, and no object from a damaged line: both are named', () => {
    const lines = chain();
    const plan = rebuildPlan([{ ...lines[0]!, Weight: 1 }, lines[1]!], [{ ...lines[2]!, Weight: 1 }, lines[1]!]);
    expect(plan.restoreLines).toEqual([]);
    expect(plan.restoreObjects).toEqual([]);
    expect(plan.unchanged).toBe(1);
    expect(plan.conflicts.map((c) => [c.ContainerUuid, c.Reason])).toEqual([
      ['box-3', 'the locked object does not hash to its LineSha256'],
      ['box-1', 'the line does not hash to its LineSha256 and has no locked object'],
    ]);
  });
});

describe('lineOfObject', () => {
  const tenant = { client: 'c-1', facility: 'f-1' };
  const [line] = chain();
  const key = registerLineKey(tenant, line!);

  it('reads a locked object back as its line, under its own key', () => {
    expect(key).toBe('documents/c-1/f-1/register/2026/2026-11-21T100000Z-box-1.json');
    expect(lineOfObject(tenant, key, canonicalLine(line!))).toEqual({ line });
  });

  it('reads a line booked before issue 36 without its later members, and one with them; never half of them', () => {
    // row() is a line as booked before issue 36: no Surface, no DisposalPlant, hashed over what it has.
    expect(Object.keys(line!)).not.toContain('DisposalPlant');
    const later = chainLine(
      {
        ...row(1),
        Surface: null,
        DisposalPlant: { Name: 'Deponie Nord', Address: 'Weg 5', AcceptanceDocumentUuid: 'a-1' },
      },
      null,
      pdf(1),
    );
    expect(lineOfObject(tenant, key, canonicalLine(later))).toEqual({ line: later });
    expect(verifyChain([later], null, [{ line: later, recordSha256: pdf(1) }]).Valid).toBe(true);
    const { Surface: _surface, ...half } = later;
    expect(lineOfObject(tenant, key, JSON.stringify(half))).toMatchObject({
      conflict: { Reason: `${key} is not a register line` },
    });
  });

  it("names an object that is no line, one with a member too many, and one under another line's key", () => {
    const named = { ContainerUuid: 'box-1', ReleasedAt: '2026-11-21 10:00:00' };
    expect(lineOfObject(tenant, key, '{"not json')).toEqual({
      conflict: { ...named, Reason: `${key} is not a register line` },
    });
    // A member beyond the register's (a key, say) would be written into the item: such an object restores nothing.
    expect(lineOfObject(tenant, key, JSON.stringify({ ...line, PK: 'C#other' }))).toEqual({
      conflict: { ...named, Reason: `${key} is not a register line` },
    });
    const other = key.replace('box-1', 'box-9');
    expect(lineOfObject(tenant, other, canonicalLine(line!))).toEqual({
      conflict: {
        ContainerUuid: 'box-9',
        ReleasedAt: named.ReleasedAt,
        Reason: `${other} holds the line of another key`,
      },
    });
  });
});

describe('chainEndFrom', () => {
  it("follows each line's successor to the end; stops at a fork", () => {
    const lines = chain();
    expect(chainEndFrom(lines[0]!.LineSha256, lines)).toEqual({
      end: lines[2]!.LineSha256,
      line: lines[2],
      fork: false,
    });
    expect(chainEndFrom(lines[2]!.LineSha256, lines)).toEqual({ end: lines[2]!.LineSha256, fork: false });
    const fork = chainLine(row(4), lines[0]!.LineSha256, pdf(4));
    expect(chainEndFrom(lines[0]!.LineSha256, [...lines, fork])).toMatchObject({
      end: lines[0]!.LineSha256,
      fork: true,
    });
  });
});
