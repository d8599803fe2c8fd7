/**
 * shared/services/material-reads.ts over the in-memory book (test/support/memory/material.ts): the items listed
 * oldest first or by state, paged newest first, one loaded for its facility only (404 for another's), as the material
 * service answers them; and wired alone over the store, as the reading functions wire it (the stock on its own), the
 * same answers without the records bucket or the containers.
 */
import { describe, expect, it } from 'vitest';
import { holdingReader } from '../../../shared/services/container-book';
import { materialReads } from '../../../shared/services/material-reads';
import { materialStock } from '../../../shared/services/material-stock';
import { rejection } from '../../support/errors';
import { ada, administration, F18, fdg, generatorReceipt, withLicence } from '../../support/memory/material';

const generator = generatorReceipt;

describe('listing', () => {
  it('lists items oldest first or by state, pages newest first, loads one of the facility only', async () => {
    const { tenant, material } = await withLicence();
    const { model: gen } = await material.receive(tenant, ada, generator(), false);
    const { model: f18 } = await material.receive(tenant, ada, fdg(), false);
    await material.move(tenant, ada, f18.Uuid, {
      Kind: 'RETURNED',
      ActivityBq: 1e10 * 0.5 ** (3600 / F18),
      MovedAt: '2026-11-20 11:00:00',
      Recipient: 'Cyclotron GmbH',
    });
    expect((await material.list(tenant, undefined)).map((i) => i.Uuid)).toEqual([gen.Uuid, f18.Uuid]);
    expect((await material.list(tenant, 'IN_STOCK')).map((i) => i.Uuid)).toEqual([gen.Uuid]);
    expect((await material.list(tenant, 'USED_UP')).map((i) => [i.Uuid, i.RemainingBq])).toEqual([[f18.Uuid, 0]]);
    const page = await material.page(tenant, undefined, { offset: 0, limit: 1 });
    expect([page.total, page.items.map((i) => i.Uuid)]).toEqual([2, [f18.Uuid]]);
    expect((await material.load(tenant, gen.Uuid)).ReceivedByName).toBe('Ada Lovelace');
    const other = await rejection(material.load({ client: 'c1', facility: 'f2' }, gen.Uuid));
    expect([other.statusCode, other.notification.key]).toEqual([404, 'material.not_found']);
  });

  it('wired alone over the store, reads what the service booked, as the service reads it', async () => {
    const { tenant, material, book, containerStore } = await withLicence();
    const { model: f18 } = await material.receive(tenant, ada, fdg(), false);
    await material.move(tenant, ada, f18.Uuid, administration());
    const clock = () => new Date('2026-11-20T12:00:00Z');
    const stock = materialStock(book.material, holdingReader(containerStore), book.book, clock);
    const reads = materialReads(book.material, clock);
    expect(await reads.load(tenant, f18.Uuid)).toEqual(await material.load(tenant, f18.Uuid));
    expect((await reads.list(tenant, 'IN_STOCK')).map((i) => [i.Uuid, i.ReceivedByName])).toEqual([
      [f18.Uuid, 'Ada Lovelace'],
    ]);
    expect(await reads.page(tenant, undefined, { offset: 0, limit: 10 })).toEqual(
      await material.page(tenant, undefined, { offset: 0, limit: 10 }),
    );
    expect((await reads.movements(tenant, f18.Uuid)).map((m) => [m.Kind, m.ActivityBq, m.MovedByName])).toEqual([
      ['ADMINISTERED', 4e9, 'Ada Lovelace'],
    ]);
    expect(await stock.stock(tenant, undefined)).toEqual(await material.stock(tenant, undefined));
    const missing = await rejection(reads.movements(tenant, 'no-such-item'));
    expect([missing.statusCode, missing.notification.key]).toEqual([404, 'material.not_found']);
  });
});
