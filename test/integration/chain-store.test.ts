/**
 * shared/data/chain-store.ts on DynamoDB Local, shown on the material book: a facility's lines read by year (whole or
 * some members), all of them, and those of a span (its first second in, its end out); where the chain ends, from the
 * head item or, without one, from the lines themselves (lines of one second sort by id, not by the chain); where a
 * year's chain starts; the head moved only from the hash a writer read; and the rebuild's repair over this book's keys
 * (a line put back never over an item, the links from a line's second on; the rest of the repair is shown over the
 * release register, test/integration/register-repair.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { chainHeadItem, chainLineItem, dynamoChainRepair, dynamoChainStore } from '../../shared/data/chain-store';
import { STORED_MATERIAL_BOOK } from '../../shared/data/material-book';
import { keys } from '../../shared/data/table';
import { ConditionFailedError, transactWrite } from '../../shared/data/transact';
import { type BookLine, chainBookLine, receiptLine } from '../../shared/domain/material-book';
import { documentClient, runtime } from '../support/api';
import { storedItem } from '../support/memory/material';

const db = documentClient();
const table = () => runtime().tableName;
const store = () => dynamoChainStore(db, table(), STORED_MATERIAL_BOOK);
const repair = () => dynamoChainRepair(db, table(), STORED_MATERIAL_BOOK);
const newTenant = () => ({ client: randomUUID(), facility: randomUUID() });
type Tenant = ReturnType<typeof newTenant>;

const item = storedItem(newTenant(), '2026-11-20 10:00:00', {
  Impurities: [{ Nuclide: 'Ge-68', Fraction: 1.848e-5 }],
  LicenceUuid: randomUUID(),
});
/** A line booked at `at` after `previous`, its id `id` (by default a fresh one). */
const line = (at: string, previous: string | null, id: string = randomUUID()): BookLine =>
  chainBookLine(receiptLine({ lineUuid: id, at, by: 'ada', byName: 'Ada Lovelace' }, item, null), previous);
/** Lines booked one after another at these times. */
const chainOf = (...times: string[]) => {
  const lines: BookLine[] = [];
  for (const at of times) lines.push(line(at, lines.at(-1)?.LineSha256 ?? null));
  return lines;
};
/** Books a line as a writer's transaction does: the line, and the head moved from `previous`. */
const book = (tenant: Tenant, l: BookLine, previous = l.PreviousSha256) =>
  transactWrite(db, [
    { Put: { TableName: table(), Item: chainLineItem(STORED_MATERIAL_BOOK, tenant, l) } },
    chainHeadItem(table(), STORED_MATERIAL_BOOK, tenant, previous, l),
  ]);
/** Puts a line with no head item (a table restored from an export). */
const putLine = (tenant: Tenant, l: BookLine) =>
  db.send(new PutCommand({ TableName: table(), Item: chainLineItem(STORED_MATERIAL_BOOK, tenant, l) }));

describe('a chained book in the table', () => {
  it("keeps a line under the facility's key and its time, whatever keys the line carries", () => {
    const tenant = newTenant();
    const l = line('2026-11-20 10:00:00', null, 'line-1');
    const stored = chainLineItem(STORED_MATERIAL_BOOK, tenant, { ...l, PK: 'C#other', SK: 'x' } as BookLine);
    expect([stored.PK, stored.SK, stored.Type]).toEqual([
      keys.tenant(tenant),
      'BOOK#2026-11-20 10:00:00#line-1',
      'MaterialBookLine',
    ]);
  });

  it("reads a year's lines oldest first, some members only, all lines, and a span", async () => {
    const tenant = newTenant();
    const lines = chainOf('2025-12-31 23:59:59', '2026-03-01 10:00:00', '2026-11-30 23:00:00', '2026-12-01 00:00:00');
    for (const l of lines) await book(tenant, l);
    expect(await store().list(tenant, 2026)).toEqual(lines.slice(1));
    expect(await store().list(tenant, 2026, ['BookedAt', 'Entry'])).toEqual(
      lines.slice(1).map((l) => ({ BookedAt: l.BookedAt, Entry: 'RECEIPT' })),
    );
    expect(await store().list({ ...tenant, facility: randomUUID() }, 2026)).toEqual([]);
    expect(await store().all(tenant)).toEqual(lines);
    // From the first second of the span, up to (not including) its end.
    expect(
      (await store().between(tenant, '2026-03-01 10:00:00', '2026-12-01 00:00:00')).map((l) => l.BookedAt),
    ).toEqual(['2026-03-01 10:00:00', '2026-11-30 23:00:00']);
  });

  it(
    'ends where the head item says, and where a year starts; ' + 'without a head, at the line no other follows',
    async () => {
      const tenant = newTenant();
      expect([await store().head(tenant), await store().before(tenant, 2026)]).toEqual([null, null]);
      const lines = chainOf('2025-06-01 10:00:00', '2026-02-01 10:00:00');
      for (const l of lines) await book(tenant, l);
      expect(await store().head(tenant)).toBe(lines[1]!.LineSha256);
      expect(await store().before(tenant, 2026)).toBe(lines[0]!.LineSha256);
      expect(await store().before(tenant, 2025)).toBeNull();
      // No head item; two lines of one second, the later in the chain sorting first by its id.
      const restored = newTenant();
      const first = line('2026-05-01 10:00:00', null, 'z-first');
      const second = line('2026-05-01 10:00:00', first.LineSha256, 'a-second');
      for (const l of [first, second]) await putLine(restored, l);
      expect(await store().head(restored)).toBe(second.LineSha256);
      expect(await store().before(restored, 2027)).toBe(second.LineSha256);
    },
  );

  it('moves the head only from the hash the writer read: a stale writer books nothing', async () => {
    const tenant = newTenant();
    const [a, b] = chainOf('2026-01-01 00:00:00', '2026-01-02 00:00:00');
    await book(tenant, a!);
    // A second writer that also read "no line yet".
    await expect(book(tenant, line('2026-01-01 00:00:01', null))).rejects.toBeInstanceOf(ConditionFailedError);
    await book(tenant, b!);
    const stale = line('2026-01-03 00:00:00', a!.LineSha256);
    await expect(book(tenant, stale)).rejects.toBeInstanceOf(ConditionFailedError);
    expect(await store().head(tenant)).toBe(b!.LineSha256);
    expect((await store().list(tenant, 2026)).map((l) => l.LineUuid)).toEqual([a!.LineUuid, b!.LineUuid]);
    // Over lines restored without a head (an import), the first writer books whatever it read.
    const imported = newTenant();
    await putLine(imported, a!);
    await book(imported, b!);
    expect(await store().head(imported)).toBe(b!.LineSha256);
  });
});

describe('the repair of a chained book', () => {
  it(
    'puts back a missing line of this book once, never over an ' + "item, and reads the links from a line's second on",
    async () => {
      const tenant = newTenant();
      const lines = chainOf('2026-02-01 10:00:00', '2026-02-01 10:00:00', '2026-03-01 10:00:00');
      for (const l of lines.slice(0, 2)) await putLine(tenant, l);
      expect(await repair().restore(tenant, lines[2]!)).toBe(true);
      expect(await repair().restore(tenant, { ...lines[2]!, ActivityBq: 1, LineSha256: 'b'.repeat(64) })).toBe(false);
      expect(await store().list(tenant, 2026)).toEqual(expect.arrayContaining([lines[2]]));
      // Both lines of 10:00:00 (the second's own), and the one after.
      const links = await repair().linksFrom(tenant, '2026-02-01 10:00:00');
      expect(links.map((l) => l.LineUuid).sort()).toEqual(lines.map((l) => l.LineUuid).sort());
      expect(links.find((l) => l.LineUuid === lines[2]!.LineUuid)).toEqual({
        LineSha256: lines[2]!.LineSha256,
        PreviousSha256: lines[1]!.LineSha256,
        BookedAt: '2026-03-01 10:00:00',
        LineUuid: lines[2]!.LineUuid,
      });
      expect(await repair().nextYear(tenant, 2025)).toBe(2026);
    },
  );
});
