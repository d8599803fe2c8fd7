/**
 * shared/domain/chain.ts, the chain both books are made of, shown on a book of its own (a tiny book of notes, each
 * with a scanned attachment): a line hashes to its LineSha256 over RFC 8785; verifying a year finds a changed,
 * rewritten, removed or forked line, an object that differs from its line, a missing object and an attachment that
 * is missing or does not hash; the rebuild plan restores only what is sound; a locked object is read back as a line
 * only under its own key; and a writer finds the end of the chain, but not past a fork.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  type Book,
  type Chained,
  canonicalLine,
  chained,
  chainEndFrom,
  lineKey,
  lineOfObject,
  type LineObject,
  lineSha256,
  nameOf,
  rebuildPlan,
  verifyChain,
  yearFolder,
} from '../../../shared/domain/chain';

/** A note of the tiny book: when, which, what it says, and its chain. */
interface Note extends Chained {
  WrittenAt: string;
  NoteId: string;
  Text: string;
  Amount: number;
}
const MEMBERS = ['Amount', 'LineSha256', 'NoteId', 'PreviousSha256', 'Text', 'WrittenAt'].join();

const NOTES: Book<Note> = {
  lineNoun: 'note',
  timeMember: 'WrittenAt',
  idMember: 'NoteId',
  folder: (t) => `notes/${t.client}/${t.facility}/`,
  keptUntil: () => new Date('2056-01-01T00:00:00Z'),
  isLine: (value) => Object.keys(value).sort().join() === MEMBERS,
  attachment: { missing: 'scan', mismatch: 'the scan does not hash as the note says' },
};
/** The same book without attachments: verify's own words for them. */
const PLAIN: Book<Note> = { ...NOTES, attachment: undefined };

const tenant = { client: 'c-1', facility: 'f-1' };
const note = (n: number): Omit<Note, 'PreviousSha256' | 'LineSha256'> => ({
  WrittenAt: `2026-11-2${n} 08:15:0${n}`,
  NoteId: `note-${n}`,
  Text: `Note ${n} – ä`,
  Amount: 0.00001 * n,
});

/** Three notes chained after `before`. */
function chain(before: string | null = null): Note[] {
  const lines: Note[] = [];
  for (const n of [1, 2, 3]) lines.push(chained<Note>(note(n), lines.at(-1)?.LineSha256 ?? before));
  return lines;
}
const objectsOf = (lines: readonly Note[], attachment = { present: true, holds: true }): LineObject<Note>[] =>
  lines.map((line) => ({ line: structuredClone(line), attachment }));
const named = (n: number) => ({ NoteId: `note-${n}`, WrittenAt: `2026-11-2${n} 08:15:0${n}` });

describe('a line of a book', () => {
  it('hashes every member but LineSha256 as RFC 8785 text: sorted members, numbers as ECMAScript writes them', () => {
    const [first, second] = chain();
    const { LineSha256, ...hashed } = first!;
    expect(canonicalLine(hashed)).toBe(
      '{"Amount":0.00001,"NoteId":"note-1","PreviousSha256":null,' +
        '"Text":"Note 1 – ä","WrittenAt":"2026-11-21 08:15:01"}',
    );
    expect(LineSha256).toBe(createHash('sha256').update(canonicalLine(hashed), 'utf8').digest('hex'));
    expect(lineSha256(first!)).toBe(LineSha256);
    // The link is hashed too: the same note after another line is another line.
    expect(second!.PreviousSha256).toBe(LineSha256);
    expect(chained<Note>(note(2), null).LineSha256).not.toBe(second!.LineSha256);
    expect(canonicalLine({ b: 1e-7, a: 1e21 })).toBe('{"a":1e+21,"b":1e-7}');
  });

  it('lies as a locked object under its year, named by its time and id', () => {
    const [first] = chain();
    expect(nameOf(NOTES, first!)).toEqual(named(1));
    expect(lineKey(NOTES, tenant, first!)).toBe('notes/c-1/f-1/2026/2026-11-21T081501Z-note-1.json');
    expect(yearFolder(NOTES, tenant, 987)).toBe('notes/c-1/f-1/0987/');
  });
});

describe('verifyChain', () => {
  it('holds for a good year in any order, after the line before it, with its objects and attachments', () => {
    const lines = chain('the last of 2025');
    expect(verifyChain(NOTES, [lines[2]!, lines[0]!, lines[1]!], 'the last of 2025', objectsOf(lines))).toEqual({
      Valid: true,
      Lines: 3,
      Objects: 3,
      FirstBroken: null,
      Missing: [],
    });
    // The same year read as if it were the first: nothing follows the start.
    expect(verifyChain(NOTES, lines, null, objectsOf(lines)).FirstBroken).toEqual({
      ...named(1),
      Reason: 'no line follows the start',
    });
  });

  it(
    'names a changed line; rewritten with a fresh hash it differs from ' +
      'its object, and without one breaks the next link',
    () => {
      const lines = chain();
      const changed = lines.map((l, i) => (i === 1 ? { ...l, Amount: 1 } : l));
      expect(verifyChain(NOTES, changed, null, objectsOf(lines))).toMatchObject({
        Valid: false,
        FirstBroken: { ...named(2), Reason: 'the line does not hash to its LineSha256' },
        Missing: [],
      });
      const rewritten = changed.map((l, i) => (i === 1 ? { ...l, LineSha256: lineSha256(l) } : l));
      expect(verifyChain(NOTES, rewritten, null, objectsOf(lines)).FirstBroken).toEqual({
        ...named(2),
        Reason: 'the line differs from its locked object',
      });
      // Without objects to compare, the rewritten line holds, and the next one no longer follows anything.
      expect(verifyChain(NOTES, rewritten, null, []).FirstBroken).toEqual({
        ...named(3),
        Reason: `no line follows ${rewritten[1]!.LineSha256}`,
      });
    },
  );

  it('names a removed line, the line left after it, and a fork', () => {
    const lines = chain();
    const removed = verifyChain(NOTES, [lines[0]!, lines[2]!], null, objectsOf(lines));
    expect(removed).toMatchObject({
      Valid: false,
      Lines: 2,
      Objects: 3,
      FirstBroken: { ...named(3), Reason: `no line follows ${lines[0]!.LineSha256}` },
      Missing: [{ ...named(2), Missing: 'line' }],
    });
    const fork = chained<Note>(note(4), lines[0]!.LineSha256);
    const forked = verifyChain(NOTES, [...lines, fork], null, objectsOf([...lines, fork]));
    expect(forked.Valid).toBe(false);
    expect(forked.FirstBroken).toEqual({ ...named(2), Reason: `two lines follow ${lines[0]!.LineSha256}` });
  });

  it('names an object that differs, a missing object, and an object whose line is gone', () => {
    const lines = chain();
    const differing = objectsOf(lines).map((o, i) => (i === 0 ? { ...o, line: { ...o.line, Text: 'other' } } : o));
    expect(verifyChain(NOTES, lines, null, differing).FirstBroken).toEqual({
      ...named(1),
      Reason: 'the line differs from its locked object',
    });
    // Member order is no difference: the canonical text is compared.
    const reordered = objectsOf(lines).map((o) => ({
      ...o,
      line: Object.fromEntries(Object.entries(o.line).reverse()) as Note,
    }));
    expect(verifyChain(NOTES, lines, null, reordered).Valid).toBe(true);
    expect(verifyChain(NOTES, lines, null, objectsOf(lines).slice(1))).toMatchObject({
      Valid: false,
      FirstBroken: null,
      Missing: [{ ...named(1), Missing: 'object' }],
    });
  });

  it("names an attachment that is missing or does not hash, in the book's words or the chain's own", () => {
    const lines = chain();
    const missing = objectsOf(lines).map((o, i) =>
      i === 1 ? { ...o, attachment: { present: false, holds: false } } : o,
    );
    expect(verifyChain(NOTES, lines, null, missing)).toMatchObject({
      Valid: false,
      FirstBroken: null,
      Missing: [{ ...named(2), Missing: 'scan' }],
    });
    expect(verifyChain(PLAIN, lines, null, missing).Missing).toEqual([{ ...named(2), Missing: 'attachment' }]);
    const wrong = objectsOf(lines).map((o, i) => (i === 2 ? { ...o, attachment: { present: true, holds: false } } : o));
    expect(verifyChain(NOTES, lines, null, wrong).FirstBroken).toEqual({
      ...named(3),
      Reason: 'the scan does not hash as the note says',
    });
    expect(verifyChain(PLAIN, lines, null, wrong).FirstBroken?.Reason).toBe(
      'the object the line names does not hash as the line says',
    );
    // A book without attachments: objects that carry none hold.
    expect(
      verifyChain(
        PLAIN,
        lines,
        null,
        lines.map((line) => ({ line })),
      ).Valid,
    ).toBe(true);
  });
});

describe('rebuildPlan', () => {
  it('restores a line from a sound object, an object from a sound line, and names what disagrees', () => {
    const lines = chain();
    const fourth = chained<Note>(note(4), lines[2]!.LineSha256);
    const plan = rebuildPlan(
      NOTES,
      [lines[1]!, { ...lines[2]!, Text: 'changed' }, fourth],
      [lines[0]!, lines[2]!, fourth],
    );
    expect(plan.restoreLines).toEqual([lines[0]]);
    expect(plan.restoreObjects).toEqual([lines[1]]);
    expect(plan.conflicts).toEqual([{ ...named(3), Reason: 'the line differs from its locked object' }]);
    expect(plan.unchanged).toBe(1);
  });

  it('restores nothing from a damaged object, and no object from a damaged line', () => {
    const lines = chain();
    const plan = rebuildPlan(NOTES, [{ ...lines[0]!, Amount: 2 }], [{ ...lines[1]!, Amount: 2 }]);
    expect(plan).toEqual({
      restoreLines: [],
      restoreObjects: [],
      conflicts: [
        { ...named(2), Reason: 'the locked object does not hash to its LineSha256' },
        { ...named(1), Reason: 'the line does not hash to its LineSha256 and has no locked object' },
      ],
      unchanged: 0,
    });
  });
});

describe('lineOfObject', () => {
  const [line] = chain();
  const key = lineKey(NOTES, tenant, line!);

  it('reads a locked object back as its line, under its own key', () => {
    expect(lineOfObject(NOTES, tenant, key, canonicalLine(line!))).toEqual({ line });
  });

  it('names an object that is no line of the book, and one lying under the key of another line', () => {
    const notALine = { conflict: { ...named(1), Reason: `${key} is not a note` } };
    expect(lineOfObject(NOTES, tenant, key, '{"not json')).toEqual(notALine);
    expect(lineOfObject(NOTES, tenant, key, '[1,2]')).toEqual(notALine);
    expect(lineOfObject(NOTES, tenant, key, 'null')).toEqual(notALine);
    // A member too many (a key, say) or too few restores nothing.
    expect(lineOfObject(NOTES, tenant, key, JSON.stringify({ ...line, PK: 'C#other' }))).toEqual(notALine);
    const { Text: _text, ...short } = line!;
    expect(lineOfObject(NOTES, tenant, key, JSON.stringify(short))).toEqual(notALine);
    expect(lineOfObject(NOTES, tenant, key, JSON.stringify({ ...line, WrittenAt: 20261121 }))).toEqual(notALine);
    const other = key.replace('note-1', 'note-9');
    expect(lineOfObject(NOTES, tenant, other, canonicalLine(line!))).toEqual({
      conflict: {
        NoteId: 'note-9',
        WrittenAt: '2026-11-21 08:15:01',
        Reason: `${other} holds the line of another key`,
      },
    });
    // Another facility's folder is another key.
    const elsewhere = lineKey(NOTES, { client: 'c-1', facility: 'f-2' }, line!);
    expect(lineOfObject(NOTES, tenant, elsewhere, canonicalLine(line!))).toMatchObject({
      conflict: { Reason: `${elsewhere} holds the line of another key` },
    });
    // A key no line has: named by the key itself.
    expect(lineOfObject(NOTES, tenant, 'notes/stray.txt', 'x')).toEqual({
      conflict: { NoteId: 'notes/stray.txt', WrittenAt: '', Reason: 'notes/stray.txt is not a note' },
    });
  });
});

describe('chainEndFrom', () => {
  it("follows each line's one successor to the end, in any order; stops before a fork", () => {
    const lines = chain();
    const shuffled = [lines[2]!, lines[0]!, lines[1]!];
    expect(chainEndFrom(lines[0]!.LineSha256, shuffled)).toEqual({
      end: lines[2]!.LineSha256,
      line: lines[2],
      fork: false,
    });
    expect(chainEndFrom(lines[2]!.LineSha256, shuffled)).toEqual({ end: lines[2]!.LineSha256, fork: false });
    const fork = chained<Note>(note(4), lines[1]!.LineSha256);
    expect(chainEndFrom(lines[0]!.LineSha256, [...shuffled, fork])).toEqual({
      end: lines[1]!.LineSha256,
      line: lines[1],
      fork: true,
    });
  });
});
