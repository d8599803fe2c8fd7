/**
 * An append-only book as a tamper-evident chain, per facility: each line carries `PreviousSha256`, the `LineSha256`
 * of the facility's line before it in this book (null for the first), and its own `LineSha256`, the SHA-256 (hex) of
 * every other member of the line serialized by RFC 8785 (JSON Canonicalization Scheme: members sorted by their UTF-16
 * code units, no whitespace, numbers as ECMAScript writes them). A changed line no longer hashes to its `LineSha256`;
 * a line rewritten with a new hash breaks the next line's link; a removed or added line breaks the walk. Each line is
 * also kept as a locked object in the records bucket (the archive; the table is the index), by year, named by its
 * time and id.
 *
 * Two books use it: the release register (StrlSchV § 86, shared/domain/register-chain.ts) and the book of radioactive
 * material (§ 85, shared/domain/material-book.ts). A book is a name, where its objects lie, which members name a line,
 * and what a line holds: the chain, its verification and its rebuild plan are this module's. Pure: no AWS, no HTTP.
 */
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';

/** A line of a book: its members, its link and its hash. */
export interface Chained {
  /** The LineSha256 of the facility's previous line of the book; null for its first. */
  PreviousSha256: string | null;
  /** SHA-256 of the line's other members as RFC 8785 canonical JSON. */
  LineSha256: string;
}

type Tenant = { client: string; facility: string };

/** What makes lines one book. */
export interface Book<L extends Chained> {
  /** What verify and rebuild call one of its lines (`register line`). */
  readonly lineNoun: string;
  /** The member holding a line's time (UTC timestamp) and the one holding its id: together unique in a facility. */
  readonly timeMember: keyof L & string;
  readonly idMember: keyof L & string;
  /** Where a facility's locked line objects lie in the records bucket (ends in `/`). */
  folder(tenant: Tenant): string;
  /** Until when a line's locked object is kept (the book's retention from the line's time). */
  keptUntil(line: L): Date;
  /** Whether a value read back from an object holds exactly the members of a line of this book. */
  isLine(value: Record<string, unknown>): boolean;
  /**
   * What a line names beside it and holds the hash of (a register line's record PDF): how verify calls it when it is
   * missing, and what it says when it does not hash as the line says.
   */
  readonly attachment?: { readonly missing: string; readonly mismatch: string };
}

/** A line's place in its book: its time and id, under the book's member names (`ReleasedAt`, `ContainerUuid`). */
export type LineName = Record<string, string>;

/** A line's time and id (of a whole line, or of its name alone: a head item, a link). */
export const timeOf = <L extends Chained>(book: Book<L>, line: L | LineName): string =>
  (line as LineName)[book.timeMember]!;
export const idOf = <L extends Chained>(book: Book<L>, line: L | LineName): string =>
  (line as LineName)[book.idMember]!;
const placeOf = <L extends Chained>(book: Book<L>, line: L) => `${timeOf(book, line)}#${idOf(book, line)}`;

/** A line's name: its time and id under the book's member names. */
export const nameOf = <L extends Chained>(book: Book<L>, line: L | LineName): LineName => ({
  [book.idMember]: idOf(book, line),
  [book.timeMember]: timeOf(book, line),
});

/** Where a year's locked line objects lie. */
export const yearFolder = <L extends Chained>(book: Book<L>, tenant: Tenant, year: number) =>
  `${book.folder(tenant)}${String(year).padStart(4, '0')}/`;

/** A line's locked object: under its book's year, named by its time and id (`2026-11-20T081500Z-{id}.json`). */
export const lineKey = <L extends Chained>(book: Book<L>, tenant: Tenant, line: L) =>
  `${yearFolder(book, tenant, Number(timeOf(book, line).slice(0, 4)))}` +
  `${timeOf(book, line).replace(' ', 'T').replaceAll(':', '')}Z-${idOf(book, line)}.json`;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The canonical text of a line (RFC 8785): what LineSha256 is the SHA-256 of, and what its locked object holds. */
export const canonicalLine = (line: object): string => canonicalize(line)!;

/** The line's hash: SHA-256 of its canonical JSON, every member but LineSha256 (PreviousSha256 included). */
export function lineSha256(line: object): string {
  const { LineSha256: _hash, ...hashed } = line as Chained;
  return sha256(canonicalLine(hashed));
}

/** A line's members chained after `previous` (a line's hash, or null for the facility's first). */
export function chained<L extends Chained>(
  members: Omit<L, 'PreviousSha256' | 'LineSha256'>,
  previous: string | null,
): L {
  const hashed = { ...members, PreviousSha256: previous };
  return { ...hashed, LineSha256: lineSha256(hashed) } as unknown as L;
}

/** What verifying a year of a book finds. */
export interface Verification {
  Valid: boolean;
  /** Lines of the year in the table. */
  Lines: number;
  /** Locked line objects of the year in the records bucket. */
  Objects: number;
  /** The first line that does not hold, in chain order: its name, and why. */
  FirstBroken: (LineName & { Reason: string }) | null;
  /** Lines with no locked object, objects with no line, and objects whose attachment is missing, each named. */
  Missing: (LineName & { Missing: string })[];
}

/**
 * A locked line object as verify reads it. `attachment`: what the line names beside it and holds the hash of (a
 * register line's record PDF): whether it is there, and whether it hashes as the line says.
 */
export interface LineObject<L extends Chained> {
  line: L;
  attachment?: { present: boolean; holds: boolean };
}

/**
 * Walks a year's lines in chain order from the line after `before` (the hash of the facility's last line before the
 * year, or null) and checks each: its hash, its link, its locked object (equal, member for member), its attachment.
 * Every line must be reached once: a fork (two lines after one) or a line left over breaks the chain.
 */
export function verifyChain<L extends Chained>(
  book: Book<L>,
  lines: readonly L[],
  before: string | null,
  objects: readonly LineObject<L>[],
): Verification {
  const place = (line: L) => placeOf(book, line);
  const byObject = new Map(objects.map((o) => [place(o.line), o]));
  const byLine = new Map(lines.map((l) => [place(l), l]));
  const missing: Verification['Missing'] = [
    ...lines.filter((l) => !byObject.has(place(l))).map((l) => ({ ...nameOf(book, l), Missing: 'object' })),
    ...objects.filter((o) => !byLine.has(place(o.line))).map((o) => ({ ...nameOf(book, o.line), Missing: 'line' })),
    ...objects
      .filter((o) => o.attachment && !o.attachment.present)
      .map((o) => ({ ...nameOf(book, o.line), Missing: book.attachment?.missing ?? 'attachment' })),
  ];
  let firstBroken: Verification['FirstBroken'] = null;
  const broken = (line: L, reason: string) => {
    firstBroken ??= { ...nameOf(book, line), Reason: reason };
  };
  const next = new Map<string | null, L[]>();
  for (const line of lines) next.set(line.PreviousSha256, [...(next.get(line.PreviousSha256) ?? []), line]);
  const reached = new Set<string>();
  let previous = before;
  for (let step = 0; step < lines.length && firstBroken === null; step++) {
    const candidates = next.get(previous) ?? [];
    if (candidates.length !== 1) {
      const stray = lines.find((l) => !reached.has(place(l)))!;
      broken(stray, candidates.length ? `two lines follow ${previous}` : `no line follows ${previous ?? 'the start'}`);
      break;
    }
    const line = candidates[0]!;
    reached.add(place(line));
    const object = byObject.get(place(line));
    if (lineSha256(line) !== line.LineSha256) broken(line, 'the line does not hash to its LineSha256');
    else if (object && canonicalLine(object.line) !== canonicalLine(line))
      broken(line, 'the line differs from its locked object');
    else if (object?.attachment?.present && !object.attachment.holds)
      broken(line, book.attachment?.mismatch ?? 'the object the line names does not hash as the line says');
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

/** A line the rebuild leaves alone and names: the line or object it concerns, and why. */
export type RebuildConflict = LineName & { Reason: string };

/** What rebuilding a book from its locked objects does: each line's fate. */
export interface RebuildPlan<L extends Chained> {
  /** Objects whose line the table lacks: the line is restored from the object (a new item, never over one). */
  restoreLines: L[];
  /** Lines whose locked object is missing: the object is written from the line (its hash checked first). */
  restoreObjects: L[];
  /** Lines and objects that do not agree or do not hold: reported, never changed (the object is the archive). */
  conflicts: RebuildConflict[];
  unchanged: number;
}

/** The plan for one facility's lines and objects: what the archive holds and the index lacks, and the reverse. */
export function rebuildPlan<L extends Chained>(
  book: Book<L>,
  lines: readonly L[],
  objects: readonly L[],
): RebuildPlan<L> {
  const place = (line: L) => placeOf(book, line);
  const tableByPlace = new Map(lines.map((l) => [place(l), l]));
  const objectPlaces = new Set(objects.map(place));
  const plan: RebuildPlan<L> = { restoreLines: [], restoreObjects: [], conflicts: [], unchanged: 0 };
  const conflict = (line: L, reason: string) => plan.conflicts.push({ ...nameOf(book, line), Reason: reason });
  for (const object of objects) {
    const line = tableByPlace.get(place(object));
    if (!line) {
      // Only a line that hashes to its own LineSha256 comes back: a damaged object restores nothing.
      if (lineSha256(object) === object.LineSha256) plan.restoreLines.push(object);
      else conflict(object, 'the locked object does not hash to its LineSha256');
    } else if (canonicalLine(line) !== canonicalLine(object)) conflict(line, 'the line differs from its locked object');
    else plan.unchanged++;
  }
  for (const line of lines) {
    if (objectPlaces.has(place(line))) continue;
    if (lineSha256(line) === line.LineSha256) plan.restoreObjects.push(line);
    else conflict(line, 'the line does not hash to its LineSha256 and has no locked object');
  }
  return plan;
}

/** `…/2026/2026-11-20T081500Z-{id}.json`: the line an object's key names. */
const LINE_KEY = /\/(\d{4}-\d\d-\d\d)T(\d\d)(\d\d)(\d\d)Z-([^/]+)\.json$/;

/**
 * A locked object read back as a line of `book`: exactly a line's members, lying under its own key (so a restored
 * line is keyed as its writer keyed it); else a conflict named after its key.
 */
export function lineOfObject<L extends Chained>(
  book: Book<L>,
  tenant: Tenant,
  key: string,
  text: string,
): { line: L } | { conflict: RebuildConflict } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  const named = LINE_KEY.exec(key);
  const fromKey: LineName = {
    [book.idMember]: named?.[5] ?? key,
    [book.timeMember]: named ? `${named[1]} ${named[2]}:${named[3]}:${named[4]}` : '',
  };
  const record = value as Record<string, unknown>;
  if (
    typeof value !== 'object' ||
    value === null ||
    Array.isArray(value) ||
    !book.isLine(record) ||
    typeof record[book.timeMember] !== 'string' ||
    typeof record[book.idMember] !== 'string'
  )
    return { conflict: { ...fromKey, Reason: `${key} is not a ${book.lineNoun}` } };
  const line = value as L;
  if (lineKey(book, tenant, line) !== key)
    return { conflict: { ...fromKey, Reason: `${key} holds the line of another key` } };
  return { line };
}

/**
 * Where the chain ends from the line hashed `hash` on, following each line's one successor among `lines` (the head a
 * writer chains onto); `fork` when a line has two successors (verify names it; the head is not moved).
 */
export function chainEndFrom<T extends Chained>(
  hash: string,
  lines: readonly T[],
): { end: string; line?: T; fork: boolean } {
  let end: { end: string; line?: T } = { end: hash };
  for (let step = 0; step < lines.length; step++) {
    const next = lines.filter((l) => l.PreviousSha256 === end.end);
    if (next.length > 1) return { ...end, fork: true };
    if (next.length === 0) break;
    end = { end: next[0]!.LineSha256, line: next[0]! };
  }
  return { ...end, fork: false };
}
