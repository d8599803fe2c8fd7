/**
 * shared/data/material-book.ts on DynamoDB Local: booking a line is two items of the booking's transaction, the line
 * (never over one) and the head moved from the hash the writer read; a line booked after a stale head fails the whole
 * transaction and writes nothing, so the book never forks; the lines read back hold every member, null ones too, and
 * still hash to their LineSha256.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { bookItems, dynamoMaterialBook } from '../../shared/data/material-book';
import { keys } from '../../shared/data/table';
import { ConditionFailedError, transactWrite } from '../../shared/data/transact';
import { lineSha256 } from '../../shared/domain/chain';
import type { MaterialItem, Movement } from '../../shared/domain/material';
import {
  type BookLine,
  chainBookLine,
  leavingLine,
  movementLine,
  receiptLine,
} from '../../shared/domain/material-book';
import { documentClient, runtime } from '../support/api';

const db = documentClient();
const table = () => runtime().tableName;
const materialBook = () => dynamoMaterialBook(db, table());
const newTenant = () => ({ client: randomUUID(), facility: randomUUID() });

const eluate = {
  Uuid: randomUUID(),
  Kind: 'ELUATE',
  Nuclide: 'Ga-68',
  ActivityBq: 1e9,
  ActivityDateTime: '2026-11-20 09:00:00',
  ReceivedAt: '2026-11-20 09:00:00',
  Supplier: 'Eckert & Ziegler',
  Batch: null,
  ChemicalForm: null,
  Impurities: [{ Nuclide: 'Ge-68', Fraction: 1e-5 }],
  ParentUuid: randomUUID(),
  LicenceUuid: randomUUID(),
  LicenceExceeded: null,
} as unknown as MaterialItem;
const toBox: Movement = {
  Uuid: randomUUID(),
  Kind: 'TO_CONTAINER',
  ActivityBq: 2e8,
  MovedAt: '2026-11-20 10:00:00',
  Portion: 0.3696,
  Applications: null,
  ContainerUuid: randomUUID(),
  Recipient: null,
  Justification: null,
  MovedBy: 'ada',
  LineUuid: randomUUID(),
  CorrectedBy: null,
};
const booking = (at: string) => ({ lineUuid: randomUUID(), at, by: 'ada', byName: null });

/** An elution, a move into a box, and the box released: three lines in a chain. */
function lines(): BookLine[] {
  const first = chainBookLine(receiptLine(booking('2026-11-20 09:00:01'), eluate, null), null);
  const second = chainBookLine(movementLine(booking('2026-11-20 10:00:01'), eluate, toBox), first.LineSha256);
  const third = chainBookLine(
    leavingLine(
      booking('2026-11-21 10:00:00'),
      'RELEASED',
      { uuid: toBox.ContainerUuid!, at: '2026-11-21 10:00:00' },
      [
        { ItemUuid: eluate.Uuid, Nuclide: 'Ga-68', ActivityBq: 2.1507e1 },
        { ItemUuid: eluate.Uuid, Nuclide: 'Ge-68', ActivityBq: 3686.59 },
      ],
      { type: 'UNRESTRICTED', registerLineSha256: 'a'.repeat(64) },
    ),
    second.LineSha256,
  );
  return [first, second, third];
}

describe('the material book in the table', () => {
  it('books each line with the head moved onto it; read back, every line holds its members and its hash', async () => {
    const tenant = newTenant();
    const chain = lines();
    for (const line of chain)
      await transactWrite(db, bookItems(table(), tenant, { line, previous: line.PreviousSha256 }));
    const read = await materialBook().list(tenant, 2026);
    expect(read).toEqual(chain);
    expect(read.map((l) => lineSha256(l) === l.LineSha256)).toEqual([true, true, true]);
    expect(await materialBook().head(tenant)).toBe(chain[2]!.LineSha256);
    const head = await db.send(
      new GetCommand({ TableName: table(), Key: { PK: keys.tenant(tenant), SK: keys.bookHead }, ConsistentRead: true }),
    );
    expect(head.Item).toEqual({
      PK: keys.tenant(tenant),
      SK: 'REGISTER#HEAD#MATERIAL_BOOK',
      Type: 'MaterialBookHead',
      LineSha256: chain[2]!.LineSha256,
      BookedAt: chain[2]!.BookedAt,
      LineUuid: chain[2]!.LineUuid,
    });
  });

  it(
    'fails a line booked after a stale head, with what its ' + 'transaction writes beside it: nothing is written',
    async () => {
      const tenant = newTenant();
      const [first, second] = lines();
      await transactWrite(db, bookItems(table(), tenant, { line: first!, previous: null }));
      await transactWrite(db, bookItems(table(), tenant, { line: second!, previous: first!.LineSha256 }));
      // A writer that read the head before `second` was booked: its line, and what it books beside it, are not written.
      const stale = chainBookLine(movementLine(booking('2026-11-20 11:00:00'), eluate, toBox), first!.LineSha256);
      const beside = { PK: keys.tenant(tenant), SK: `MATERIAL#${randomUUID()}`, Type: 'MaterialItem' };
      await expect(
        transactWrite(db, [
          { Put: { TableName: table(), Item: beside } },
          ...bookItems(table(), tenant, { line: stale, previous: stale.PreviousSha256 }),
        ]),
      ).rejects.toBeInstanceOf(ConditionFailedError);
      expect((await materialBook().list(tenant, 2026)).map((l) => l.LineUuid)).toEqual([
        first!.LineUuid,
        second!.LineUuid,
      ]);
      expect(await materialBook().head(tenant)).toBe(second!.LineSha256);
      expect(
        (await db.send(new GetCommand({ TableName: table(), Key: { PK: beside.PK, SK: beside.SK } }))).Item,
      ).toBeUndefined();
    },
  );

  it('never books a line over one of the same time and id', async () => {
    const tenant = newTenant();
    const [first] = lines();
    await db.send(
      new PutCommand({
        TableName: table(),
        Item: { PK: keys.tenant(tenant), SK: `BOOK#${first!.BookedAt}#${first!.LineUuid}`, Type: 'MaterialBookLine' },
      }),
    );
    await expect(
      transactWrite(db, bookItems(table(), tenant, { line: first!, previous: null })),
    ).rejects.toBeInstanceOf(ConditionFailedError);
    // No head was written: the item under the line's key stays as it was.
    expect(await materialBook().head(tenant)).toBeNull();
  });
});
