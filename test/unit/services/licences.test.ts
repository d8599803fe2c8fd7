/**
 * shared/services/licences.ts over the in-memory book (test/support/memory/material.ts): a licence recorded with its
 * scan, listed newest ValidFrom first, changed under If-Match; once a booking was checked against it, its limits and
 * dates stay (409), also when the booking lands between the read and the write of a change, while a change of what a
 * booking does not keep goes through.
 */
import { describe, expect, it } from 'vitest';
import { newDocument } from '../../../shared/domain/document';
import { LICENCE_LIST_CAP, licenceService } from '../../../shared/services/licences';
import { rejection } from '../../support/errors';
import { LICENCE, memoryMaterial } from '../../support/memory/material';

const tenant = { client: 'c1', facility: 'f1' };
const officer = { sub: 'rpo', name: 'Rosa Officer', roles: ['rpo'] };
const now = new Date('2026-11-20T08:00:00Z');
const body = LICENCE;
const scan = (t: { client: string; facility: string }, uuid: string) =>
  newDocument(t, uuid, { Scope: 'DOCUMENT_FOLDER', ScopeReference: 'licences', Filename: 'licence.pdf' }, now);

function setup() {
  const book = memoryMaterial();
  return { book, service: licenceService(book.licences, () => now) };
}

describe('licenceService', () => {
  it("records a licence with its scan when the facility holds it; 400 naming DocumentUuid for another's", async () => {
    const { book, service } = setup();
    book.addDocument(scan({ client: 'c1', facility: 'f2' }, 'scan-1'));
    const missing = await rejection(service.create(tenant, officer, { ...body, DocumentUuid: 'scan-1' }));
    expect([missing.statusCode, missing.notification.details]).toEqual([
      400,
      [{ key: 'detail.document_not_found', params: { field: 'DocumentUuid', uuid: 'scan-1' } }],
    ]);
    expect(await book.licences.list(tenant)).toEqual([]);
    book.addDocument(scan(tenant, 'scan-1'));
    const { model, etag } = await service.create(tenant, officer, { ...body, DocumentUuid: 'scan-1' });
    expect(model).toMatchObject({
      DocumentUuid: 'scan-1',
      SumRule: false,
      ValidUntil: null,
      CreatedAt: '2026-11-20 08:00:00',
    });
    expect(etag).toBe(`"${model.Uuid}.1"`);
    expect((await service.load(tenant, model.Uuid as string)).model).toEqual(model);
    const other = await rejection(service.load({ client: 'c1', facility: 'f2' }, model.Uuid as string));
    expect([other.statusCode, other.notification.key]).toEqual([404, 'licence.not_found']);
  });

  it('lists newest ValidFrom first, within the cap', async () => {
    const { service } = setup();
    for (const from of ['2025-01-01', '2026-06-01', '2024-03-01'])
      await service.create(tenant, officer, { ...body, ValidFrom: `${from} 00:00:00` });
    const listing = await service.list(tenant);
    expect(listing.items.map((l) => l.ValidFrom)).toEqual([
      '2026-06-01 00:00:00',
      '2025-01-01 00:00:00',
      '2024-03-01 00:00:00',
    ]);
    expect([listing.total, listing.truncated, LICENCE_LIST_CAP]).toEqual([3, false, 1000]);
    expect((await service.list({ client: 'c1', facility: 'f2' })).items).toEqual([]);
  });

  it('changes under If-Match: a stale ETag is 412, an unchanged body keeps the version', async () => {
    const { service } = setup();
    const uuid = (await service.create(tenant, officer, body)).model.Uuid as string;
    expect((await service.update(tenant, officer, uuid, { Holder: body.Holder }, `"${uuid}.1"`)).etag).toBe(
      `"${uuid}.1"`,
    );
    const changed = await service.update(tenant, officer, uuid, { SumRule: true }, `"${uuid}.1"`);
    expect([changed.etag, changed.model.SumRule]).toEqual([`"${uuid}.2"`, true]);
    expect((await rejection(service.update(tenant, officer, uuid, { SumRule: false }, `"${uuid}.1"`))).statusCode).toBe(
      412,
    );
    expect((await rejection(service.update(tenant, officer, 'nope', { SumRule: false }, undefined))).statusCode).toBe(
      404,
    );
  });

  it('keeps what a booking rested on: 409 naming each member, while the holder and scan may change', async () => {
    const { book, service } = setup();
    const uuid = (await service.create(tenant, officer, body)).model.Uuid as string;
    book.bookOnLicence(tenant, { Uuid: uuid, Version: 1 }, '2026-03-01 10:00:00');
    const frozen = await rejection(
      service.update(
        tenant,
        officer,
        uuid,
        { Limits: [{ Nuclide: 'Ge-68', MaxActivityBq: 5e9 }], ValidUntil: '2026-12-31 23:59:59' },
        undefined,
      ),
    );
    expect([frozen.statusCode, frozen.notification.key]).toEqual([409, 'licence.booked']);
    expect(frozen.notification.details!.map((d) => d.params!.field)).toEqual(['Limits', 'ValidUntil']);
    book.addDocument(scan(tenant, 'scan-2'));
    const renamed = await service.update(
      tenant,
      officer,
      uuid,
      { Holder: 'Klinikum Nord gGmbH', DocumentUuid: 'scan-2' },
      `"${uuid}.1"`,
    );
    expect(renamed.model).toMatchObject({ Holder: 'Klinikum Nord gGmbH', DocumentUuid: 'scan-2', Limits: body.Limits });
    // The bookings stay beside the licence, never in its model.
    expect(book.bookingsOf(tenant, uuid)).toEqual({ Bookings: 1, LastBookedAt: '2026-03-01 10:00:00' });
    expect('Bookings' in renamed.model).toBe(false);
  });

  it('cannot be bypassed by a booking that lands between the read and the write of a change', async () => {
    const { book, service } = setup();
    const uuid = (await service.create(tenant, officer, body)).model.Uuid as string;
    // A receipt books on the licence right after the change read it (a booking leaves the version alone).
    const get = book.licences.get.bind(book.licences);
    let booked = false;
    book.licences.get = async (t, u, o) => {
      const read = await get(t, u, o);
      if (!booked) {
        booked = true;
        book.bookOnLicence(tenant, { Uuid: uuid, Version: 1 }, '2026-10-01 00:00:00');
      }
      return read;
    };
    const error = await rejection(
      service.update(tenant, officer, uuid, { Limits: [{ Nuclide: 'Ge-68', MaxActivityBq: 8e9 }] }, `"${uuid}.1"`),
    );
    expect([error.statusCode, error.notification.key]).toEqual([409, 'licence.booked']);
    book.licences.get = get;
    expect((await service.load(tenant, uuid)).model.Limits).toEqual(body.Limits);
  });
});
