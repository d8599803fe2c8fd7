/**
 * The release register as a tamper-evident chain (StrlSchV § 86 Abs. 2 keeps it 30 years): each line of a facility
 * carries `PreviousSha256`, the `LineSha256` of the facility's line before it (null for the first), and its own
 * `LineSha256`, the SHA-256 (hex) of every other member of the line serialized by RFC 8785 (JSON Canonicalization
 * Scheme: members sorted by their UTF-16 code units, no whitespace, numbers as ECMAScript writes them). A changed
 * line no longer hashes to its `LineSha256`; a line rewritten with a new hash breaks the next line's link; a removed
 * or added line breaks the walk. Each line is also kept as a locked object beside its PDF (the archive; the table is
 * the index), and each object's PDF hash is checked against the line. Pure: no AWS, no HTTP.
 */
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { DOCUMENT_FILES_PREFIX } from './document';
import { LATER_MEMBERS, REGISTER_FIELDS, type RegisterLine, type ReleaseRegisterRow } from './release-register';

/** A register line as the register answers it: exactly as hashed, plus its hash. */
export type ChainedLine = RegisterLine;
/** A register line as hashed: every member but its hash. */
export type HashedLine = Omit<RegisterLine, 'LineSha256'>;

/** Where a facility's locked line objects lie: beside its record PDFs. */
export const registerPrefix = (tenant: { client: string; facility: string }) =>
  `${DOCUMENT_FILES_PREFIX}${tenant.client}/${tenant.facility}/register/`;
/** Where a line's locked object lies: under the facility's register, by year, named by its time and container. */
export const registerLinePrefix = (tenant: { client: string; facility: string }, year: number) =>
  `${registerPrefix(tenant)}${String(year).padStart(4, '0')}/`;
export const registerLineKey = (
  tenant: { client: string; facility: string },
  line: Pick<RegisterLine, 'ReleasedAt' | 'ContainerUuid'>,
) =>
  `${registerLinePrefix(tenant, Number(line.ReleasedAt.slice(0, 4)))}` +
  `${line.ReleasedAt.replace(' ', 'T').replaceAll(':', '')}Z-${line.ContainerUuid}.json`;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The canonical text of a line (RFC 8785): what LineSha256 is the SHA-256 of. */
export const canonicalLine = (line: HashedLine): string => canonicalize(line)!;

/** The line's hash: SHA-256 of its canonical JSON, every member but LineSha256 (PreviousSha256 included). */
export function lineSha256(line: HashedLine | ChainedLine): string {
  const { LineSha256: _hash, ...hashed } = line as ChainedLine;
  return sha256(canonicalLine(hashed));
}

/** A row chained after `previous` (a line's hash, or null for the facility's first). */
export function chainLine(row: ReleaseRegisterRow, previous: string | null, recordSha256: string): ChainedLine {
  const hashed: HashedLine = { ...row, PreviousSha256: previous, RecordSha256: recordSha256 };
  return { ...hashed, LineSha256: lineSha256(hashed) };
}

/** What `verifyChain` answers (the verify route's model). */
export interface ChainVerification {
  Valid: boolean;
  /** Lines of the year in the table. */
  Lines: number;
  /** Locked line objects of the year in the records bucket. */
  Objects: number;
  /** The first line that does not hold, in chain order: its container, its time, and why. */
  FirstBroken: { ContainerUuid: string; ReleasedAt: string; Reason: string } | null;
  /** Lines with no locked object, and objects with no line, each named. */
  Missing: { ContainerUuid: string; ReleasedAt: string; Missing: 'object' | 'line' | 'record' }[];
}

/** A locked line object as verify reads it: the line, and the SHA-256 of the PDF beside it (undefined: none). */
export interface LineObject {
  line: ChainedLine;
  recordSha256: string | undefined;
}

const idOf = (line: Pick<ReleaseRegisterRow, 'ReleasedAt' | 'ContainerUuid'>) =>
  `${line.ReleasedAt}#${line.ContainerUuid}`;

/**
 * Walks a year's lines in chain order from the line after `before` (the hash of the facility's last line before
 * the year, or null) and checks each: its hash, its link, its locked object (equal, member for member), the PDF's
 * hash. Every line must be reached once: a fork (two lines after one) or a line left over breaks the chain.
 */
export function verifyChain(
  lines: readonly ChainedLine[],
  before: string | null,
  objects: readonly LineObject[],
): ChainVerification {
  const byObject = new Map(objects.map((o) => [idOf(o.line), o]));
  const byLine = new Map(lines.map((l) => [idOf(l), l]));
  const missing: ChainVerification['Missing'] = [
    ...lines.filter((l) => !byObject.has(idOf(l))).map((l) => ({ ...pick(l), Missing: 'object' as const })),
    ...objects.filter((o) => !byLine.has(idOf(o.line))).map((o) => ({ ...pick(o.line), Missing: 'line' as const })),
    ...objects
      .filter((o) => o.recordSha256 === undefined)
      .map((o) => ({ ...pick(o.line), Missing: 'record' as const })),
  ];
  let firstBroken: ChainVerification['FirstBroken'] = null;
  const broken = (line: ChainedLine, reason: string) => {
    firstBroken ??= { ...pick(line), Reason: reason };
  };
  const next = new Map<string | null, ChainedLine[]>();
  for (const line of lines) next.set(line.PreviousSha256, [...(next.get(line.PreviousSha256) ?? []), line]);
  const reached = new Set<string>();
  let previous = before;
  for (let step = 0; step < lines.length && firstBroken === null; step++) {
    const candidates = next.get(previous) ?? [];
    if (candidates.length !== 1) {
      const stray = lines.find((l) => !reached.has(idOf(l)))!;
      broken(stray, candidates.length ? `two lines follow ${previous}` : `no line follows ${previous ?? 'the start'}`);
      break;
    }
    const line = candidates[0]!;
    reached.add(idOf(line));
    const object = byObject.get(idOf(line));
    if (lineSha256(line) !== line.LineSha256) broken(line, 'the line does not hash to its LineSha256');
    else if (object && canonicalLine(object.line) !== canonicalLine(line))
      broken(line, 'the line differs from its locked object');
    else if (object?.recordSha256 !== undefined && object.recordSha256 !== line.RecordSha256)
      broken(line, 'the record PDF does not hash to RecordSha256');
    previous = line.LineSha256;
  }
  return {
    Valid: firstBroken === null && missing.length === 0,
    Lines: lines.length,
    Objects: objects.length,
    FirstBroken: firstBroken,
    Missing: missing,
  };
}

const pick = (line: Pick<ReleaseRegisterRow, 'ReleasedAt' | 'ContainerUuid'>) => ({
  ContainerUuid: line.ContainerUuid,
  ReleasedAt: line.ReleasedAt,
});

/** A line the rebuild leaves alone and names: the line or object it concerns, and why. */
export interface RebuildConflict {
  ContainerUuid: string;
  ReleasedAt: string;
  Reason: string;
}

/** What rebuilding a register from its locked objects does: each line's fate (the rebuildReleaseRegister operation). */
export interface RebuildPlan {
  /** Objects whose line the table lacks: the line is restored from the object (a new item, never over one). */
  restoreLines: ChainedLine[];
  /** Lines whose locked object is missing: the object is written from the line (its hash checked first). */
  restoreObjects: ChainedLine[];
  /** Lines and objects that do not agree or do not hold: reported, never changed (the object is the archive). */
  conflicts: RebuildConflict[];
  unchanged: number;
}

/** The plan for one facility's lines and objects: what the archive holds and the index lacks, and the reverse. */
export function rebuildPlan(lines: readonly ChainedLine[], objects: readonly ChainedLine[]): RebuildPlan {
  const tableById = new Map(lines.map((l) => [idOf(l), l]));
  const objectIds = new Set(objects.map(idOf));
  const plan: RebuildPlan = { restoreLines: [], restoreObjects: [], conflicts: [], unchanged: 0 };
  const conflict = (line: ChainedLine, reason: string) => plan.conflicts.push({ ...pick(line), Reason: reason });
  for (const object of objects) {
    const line = tableById.get(idOf(object));
    if (!line) {
      // Only a line that hashes to its own LineSha256 comes back: a damaged object restores nothing.
      if (lineSha256(object) === object.LineSha256) plan.restoreLines.push(object);
      else conflict(object, 'the locked object does not hash to its LineSha256');
    } else if (canonicalLine(line) !== canonicalLine(object)) conflict(line, 'the line differs from its locked object');
    else plan.unchanged++;
  }
  for (const line of lines) {
    if (objectIds.has(idOf(line))) continue;
    if (lineSha256(line) === line.LineSha256) plan.restoreObjects.push(line);
    else conflict(line, 'the line does not hash to its LineSha256 and has no locked object');
  }
  return plan;
}

/** The members of a line: all of them, or those of a line booked before LATER_MEMBERS were added. */
const LINE_MEMBERS = [
  [...REGISTER_FIELDS].sort().join(),
  REGISTER_FIELDS.filter((f) => !(LATER_MEMBERS as readonly string[]).includes(f))
    .sort()
    .join(),
];
/** `…/register/2026/2026-11-20T081500Z-{container}.json`: the line an object's key names. */
const LINE_KEY = /\/(\d{4}-\d\d-\d\d)T(\d\d)(\d\d)(\d\d)Z-([^/]+)\.json$/;

/**
 * A locked object read back as a register line: exactly the register's members, lying under its own key (so a
 * restored line is keyed as its release keyed it); else a conflict named after its key.
 */
export function lineOfObject(
  tenant: { client: string; facility: string },
  key: string,
  text: string,
): { line: ChainedLine } | { conflict: RebuildConflict } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  const line = value as ChainedLine;
  const named = LINE_KEY.exec(key);
  const fromKey = {
    ContainerUuid: named?.[5] ?? key,
    ReleasedAt: named ? `${named[1]} ${named[2]}:${named[3]}:${named[4]}` : '',
  };
  if (
    typeof value !== 'object' ||
    value === null ||
    Array.isArray(value) ||
    !LINE_MEMBERS.includes(Object.keys(value).sort().join()) ||
    typeof line.ReleasedAt !== 'string' ||
    typeof line.ContainerUuid !== 'string'
  )
    return { conflict: { ...fromKey, Reason: `${key} is not a register line` } };
  if (registerLineKey(tenant, line) !== key)
    return { conflict: { ...fromKey, Reason: `${key} holds the line of another key` } };
  return { line };
}

/**
 * Where the chain ends from the line hashed `hash` on, following each line's one successor among `lines` (the head a
 * release chains onto); `fork` when a line has two successors (verify names it; the head is not moved).
 */
export function chainEndFrom(
  hash: string,
  lines: readonly Pick<ChainedLine, 'LineSha256' | 'PreviousSha256' | 'ReleasedAt' | 'ContainerUuid'>[],
): { end: string; line?: (typeof lines)[number]; fork: boolean } {
  let end: { end: string; line?: (typeof lines)[number] } = { end: hash };
  for (let step = 0; step < lines.length; step++) {
    const next = lines.filter((l) => l.PreviousSha256 === end.end);
    if (next.length > 1) return { ...end, fork: true };
    if (next.length === 0) break;
    end = { end: next[0]!.LineSha256, line: next[0]! };
  }
  return { ...end, fork: false };
}
