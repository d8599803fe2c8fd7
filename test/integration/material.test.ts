/**
 * shared/data/material.ts on DynamoDB Local: a receipt's transaction writes the item, its book line, the book's head,
 * the booking on its licence and its certificate pointed at the item (the document's ScopeReference) together or not
 * at all: a stale certificate, a licence changed since it was read, or a head another booking moved leave nothing
 * written. A movement is the item's next version with its line, over the version read. The in-stock index holds
 * exactly the facility's open items.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dynamoDocumentStore } from '../../shared/data/documents';
import { dynamoLicenceStore } from '../../shared/data/licences';
import { dynamoMaterialStore, type ReceiptWrite } from '../../shared/data/material';
import { dynamoMaterialBook } from '../../shared/data/material-book';
import { ConditionFailedError } from '../../shared/data/transact';
import { newDocument } from '../../shared/domain/document';
import { createLicence } from '../../shared/domain/licence';
import type { MaterialItem, Movement } from '../../shared/domain/material';
import { type BookLine, chainBookLine, movementLine, receiptLine } from '../../shared/domain/material-book';
import { documentClient, runtime } from '../support/api';
import { LICENCE, storedItem } from '../support/memory/material';

const db = documentClient();
const table = () => runtime().tableName;
const material = () => dynamoMaterialStore(db, table());
const ada = { sub: `ada-${randomUUID()}`, name: 'Ada Lovelace' };
const NOW = new Date('2026-11-20T12:00:00Z');
type Tenant = { client: string; facility: string };
const newTenant = (): Tenant => ({ client: randomUUID(), facility: randomUUID() });

/** A Ge-68 generator of 1.85 GBq received (and certified) at `receivedAt`, booked by Ada. */
const itemOf = (tenant: Tenant, receivedAt: string, over: Partial<MaterialItem> = {}): MaterialItem =>
  storedItem(tenant, receivedAt, {
    Kind: 'GENERATOR',
    Nuclide: 'Ge-68',
    ActivityBq: 1.85e9,
    ReceivedBy: ada.sub,
    Impurities: [],
    ...over,
  });
const lineOf = (item: MaterialItem, previous: string | null, at = item.CreatedAt): BookLine =>
  chainBookLine(receiptLine({ lineUuid: item.LineUuid, at, by: ada.sub, byName: ada.name }, item, null), previous);
const write = (line: BookLine, over: Partial<ReceiptWrite> = {}): ReceiptWrite => ({
  book: { line, previous: line.PreviousSha256 },
  licence: null,
  certificate: null,
  actor: ada,
  ...over,
});

/** A facility with a licence and a generator's certificate in its archive. */
async function facility() {
  const tenant = newTenant();
  const licence = createLicence(tenant, randomUUID(), LICENCE, NOW);
  await dynamoLicenceStore(db, table()).create(licence, ada);
  const certificate = newDocument(
    tenant,
    randomUUID(),
    { Scope: 'GENERATOR', ScopeReference: 'unfiled', Filename: 'certificate.pdf' },
    NOW,
  );
  await dynamoDocumentStore(db, table()).create(certificate);
  return { tenant, licence, certificate };
}

describe('a receipt in the table', () => {
  it('writes the item, its line, the head, the booking on its licence and the certificate filed under it', async () => {
    const { tenant, licence, certificate } = await facility();
    const item = itemOf(tenant, '2026-11-20 11:00:00', {
      LicenceUuid: licence.Uuid,
      CertificateDocumentUuid: certificate.Uuid,
    });
    const line = lineOf(item, null);
    const next = { ...certificate, ScopeReference: item.Uuid, Version: 2, UpdatedAt: '2026-11-20 12:00:00' };
    await material().receive(item, write(line, { licence, certificate: { previous: certificate, next } }));
    expect(await material().get(tenant, item.Uuid, { consistent: true })).toEqual(item);
    expect(await dynamoMaterialBook(db, table()).list(tenant, 2026)).toEqual([line]);
    expect(await material().bookHead(tenant)).toBe(line.LineSha256);
    expect(await dynamoLicenceStore(db, table()).get(tenant, licence.Uuid, { consistent: true })).toMatchObject({
      Version: 1,
      Bookings: 1,
      LastBookedAt: '2026-11-20 12:00:00',
    });
    expect(await material().document(tenant, certificate.Uuid)).toMatchObject({
      ScopeReference: item.Uuid,
      Version: 2,
    });
    expect(await material().names(tenant.client, [ada.sub, 'nobody'])).toEqual(new Map([[ada.sub, 'Ada Lovelace']]));
  });

  it('writes nothing when its certificate moved, its licence changed or another booking moved the head', async () => {
    const { tenant, licence, certificate } = await facility();
    const first = itemOf(tenant, '2026-11-20 10:00:00');
    await material().receive(first, write(lineOf(first, null)));
    const head = await material().bookHead(tenant);
    // The certificate renamed since it was read.
    const renamed = { ...certificate, Filename: 'renamed.pdf', Version: 2 };
    await dynamoDocumentStore(db, table()).update(certificate, renamed);
    const second = itemOf(tenant, '2026-11-20 11:00:00', {
      LicenceUuid: licence.Uuid,
      CertificateDocumentUuid: certificate.Uuid,
    });
    const filed = { ...certificate, ScopeReference: second.Uuid, Version: 2 };
    await expect(
      material().receive(
        second,
        write(lineOf(second, head), { licence, certificate: { previous: certificate, next: filed } }),
      ),
    ).rejects.toBeInstanceOf(ConditionFailedError);
    // The licence changed since it was read (a new holder: version 2).
    const changed = { ...licence, Holder: 'Klinikum Nord gGmbH', Version: 2 };
    await dynamoLicenceStore(db, table()).update(licence, changed, false, ada);
    await expect(material().receive(second, write(lineOf(second, head), { licence }))).rejects.toBeInstanceOf(
      ConditionFailedError,
    );
    // Another booking moved the head: this one read the book empty.
    await expect(material().receive(second, write(lineOf(second, null), { licence: changed }))).rejects.toBeInstanceOf(
      ConditionFailedError,
    );
    expect(await material().get(tenant, second.Uuid, { consistent: true })).toBeUndefined();
    expect((await dynamoMaterialBook(db, table()).list(tenant, 2026)).map((l) => l.ItemUuid)).toEqual([first.Uuid]);
    expect(await material().bookHead(tenant)).toBe(head);
    expect(await dynamoLicenceStore(db, table()).get(tenant, licence.Uuid, { consistent: true })).toMatchObject({
      Bookings: 0,
    });
    expect(await material().document(tenant, certificate.Uuid)).toMatchObject({
      ScopeReference: 'unfiled',
      Filename: 'renamed.pdf',
    });
    // Read again, it is booked.
    const refiled = { ...renamed, ScopeReference: second.Uuid, Version: 3 };
    await material().receive(
      second,
      write(lineOf(second, head), { licence: changed, certificate: { previous: renamed, next: refiled } }),
    );
    expect(await material().document(tenant, certificate.Uuid)).toMatchObject({
      ScopeReference: second.Uuid,
      Version: 3,
    });
    expect(await material().get(tenant, second.Uuid, { consistent: true })).toMatchObject({ Uuid: second.Uuid });
  });
});

describe('movements and the open items', () => {
  const moveOf = (kind: Movement['Kind'], activity: number): Movement => ({
    Uuid: randomUUID(),
    Kind: kind,
    ActivityBq: activity,
    MovedAt: '2026-11-20 11:30:00',
    Portion: activity / 1.85e9,
    Applications: null,
    ContainerUuid: null,
    Recipient: 'Eckert & Ziegler',
    Justification: null,
    MovedBy: ada.sub,
    LineUuid: randomUUID(),
    CorrectedBy: null,
  });

  it(
    'write the next version of an item with its line over the version ' +
      'read; the in-stock index holds the open items',
    async () => {
      const tenant = newTenant();
      const other = newTenant();
      const items = [
        itemOf(tenant, '2026-11-20 09:00:00'),
        itemOf(tenant, '2026-11-20 08:00:00'),
        itemOf(tenant, '2026-11-20 10:00:00'),
      ];
      let head: string | null = null;
      for (const item of items) {
        const line = lineOf(item, head);
        await material().receive(item, write(line));
        head = line.LineSha256;
      }
      const elsewhere = itemOf(other, '2026-11-20 09:00:00');
      await material().receive(elsewhere, write(lineOf(elsewhere, null)));
      // The first is returned whole: used up.
      const returned = moveOf('RETURNED', 1.85e9);
      const next: MaterialItem = {
        ...items[0]!,
        Movements: [returned],
        State: 'USED_UP',
        Version: 2,
        UpdatedAt: '2026-11-20 12:00:00',
      };
      const line = chainBookLine(
        movementLine(
          { lineUuid: returned.LineUuid, at: '2026-11-20 12:00:00', by: ada.sub, byName: ada.name },
          next,
          returned,
        ),
        head,
      );
      await material().move(items[0]!, next, { line, previous: head }, ada);
      expect((await material().inStock(tenant)).map((i) => i.Uuid).sort()).toEqual(
        [items[1]!.Uuid, items[2]!.Uuid].sort(),
      );
      expect((await material().list(tenant)).map((i) => i.Uuid)).toEqual([
        items[1]!.Uuid,
        items[0]!.Uuid,
        items[2]!.Uuid,
      ]);
      expect(await material().get(tenant, items[0]!.Uuid, { consistent: true })).toEqual(next);
      // A second movement over the version first read books nothing.
      const again = chainBookLine(
        movementLine(
          { lineUuid: randomUUID(), at: '2026-11-20 12:00:01', by: ada.sub, byName: null },
          next,
          moveOf('LOST', 1),
        ),
        line.LineSha256,
      );
      await expect(
        material().move(items[0]!, { ...next, Version: 2 }, { line: again, previous: line.LineSha256 }, ada),
      ).rejects.toBeInstanceOf(ConditionFailedError);
      expect(await material().bookHead(tenant)).toBe(line.LineSha256);
      expect((await material().inStock(other)).map((i) => i.Uuid)).toEqual([elsewhere.Uuid]);
      expect(await material().get(other, items[1]!.Uuid)).toBeUndefined();
    },
  );
});
