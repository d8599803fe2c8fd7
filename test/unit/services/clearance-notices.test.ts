/**
 * shared/services/clearance-notices.ts over the in-memory notice store: create with its document, the listing order
 * and cap, If-Match, and a cited notice, also when the citation lands between the read and the write of a change.
 */
import { describe, expect, it } from 'vitest';
import { clearanceNoticeService, NOTICE_LIST_CAP } from '../../../shared/services/clearance-notices';
import { rejection } from '../../support/errors';
import { memoryClearanceNoticeStore } from '../../support/memory/clearance-notices';

const tenant = { client: 'c1', facility: 'f1' };
const officer = { sub: 'rpo', name: 'Rosa Officer', roles: ['rpo'] };
const now = new Date('2026-11-20T08:00:00Z');
const body = {
  FileNumber: 'RP-42/2026',
  Authority: 'Landesamt für Umwelt',
  Holder: 'Klinikum Nord',
  Site: 'Hauptstraße 1, 12345 Musterstadt',
  IssuedAt: '2026-01-10 00:00:00',
  ValidFrom: '2026-02-01 00:00:00',
  ReleaseTypes: ['UNRESTRICTED' as const],
  WasteForms: ['SOLID' as const],
};

function setup() {
  const store = memoryClearanceNoticeStore();
  return { store, service: clearanceNoticeService(store, () => now) };
}

describe('clearanceNoticeService', () => {
  it('records a notice with its scan when the facility holds it; 400 naming DocumentUuid otherwise', async () => {
    const { store, service } = setup();
    const missing = await rejection(service.create(tenant, officer, { ...body, DocumentUuid: 'scan-1' }));
    expect([missing.statusCode, missing.notification.details]).toEqual([
      400,
      [{ key: 'detail.document_not_found', params: { field: 'DocumentUuid', uuid: 'scan-1' } }],
    ]);
    // Another facility's document is none of this one's.
    store.addDocument({ client: 'c1', facility: 'f2' }, 'scan-1');
    expect((await rejection(service.create(tenant, officer, { ...body, DocumentUuid: 'scan-1' }))).statusCode).toBe(
      400,
    );
    store.addDocument(tenant, 'scan-1');
    const { model, etag } = await service.create(tenant, officer, { ...body, DocumentUuid: 'scan-1' });
    expect(model).toMatchObject({
      DocumentUuid: 'scan-1',
      Limits: [],
      ValidUntil: null,
      CreatedAt: '2026-11-20 08:00:00',
    });
    expect(etag).toBe(`"${model.Uuid}.1"`);
    expect((await rejection(service.load({ client: 'c1', facility: 'f2' }, model.Uuid as string))).statusCode).toBe(
      404,
    );
  });

  it('lists newest ValidFrom first, up to the cap', async () => {
    const { service } = setup();
    for (const from of ['2025-01-01', '2026-06-01', '2024-03-01'])
      await service.create(tenant, officer, { ...body, ValidFrom: `${from} 00:00:00` });
    const listing = await service.list(tenant);
    expect(listing.items.map((n) => n.ValidFrom)).toEqual([
      '2026-06-01 00:00:00',
      '2025-01-01 00:00:00',
      '2024-03-01 00:00:00',
    ]);
    expect([listing.total, listing.truncated, NOTICE_LIST_CAP]).toEqual([3, false, 1000]);
  });

  it('updates partially under If-Match: a stale ETag is 412, an unchanged body keeps the version', async () => {
    const { service } = setup();
    const { model } = await service.create(tenant, officer, body);
    const uuid = model.Uuid as string;
    const same = await service.update(tenant, officer, uuid, { FileNumber: body.FileNumber }, `"${uuid}.1"`);
    expect(same.etag).toBe(`"${uuid}.1"`);
    const changed = await service.update(tenant, officer, uuid, { Conditions: 'Nur Feststoffe' }, `"${uuid}.1"`);
    expect([changed.etag, changed.model.Conditions]).toEqual([`"${uuid}.2"`, 'Nur Feststoffe']);
    expect(
      (await rejection(service.update(tenant, officer, uuid, { Conditions: null }, `"${uuid}.1"`))).statusCode,
    ).toBe(412);
    expect((await service.update(tenant, officer, uuid, { Conditions: null }, undefined)).model.Conditions).toBeNull();
  });

  it('keeps what a citation froze (409 naming each member) and lets ValidUntil close the notice', async () => {
    const { store, service } = setup();
    const { model } = await service.create(tenant, officer, body);
    const uuid = model.Uuid as string;
    store.cite(tenant, { Uuid: uuid, Version: 1 }, '2026-09-01 10:00:00');
    const frozen = await rejection(
      service.update(
        tenant,
        officer,
        uuid,
        { WasteForms: ['SOLID', 'OIL'], ValidFrom: '2026-01-01 00:00:00' },
        undefined,
      ),
    );
    expect([frozen.statusCode, frozen.notification.key]).toEqual([409, 'clearance_notice.cited']);
    expect(frozen.notification.details!.map((d) => d.params!.field)).toEqual(['WasteForms', 'ValidFrom']);
    const early = await rejection(
      service.update(tenant, officer, uuid, { ValidUntil: '2026-08-31 00:00:00' }, undefined),
    );
    expect(early.statusCode).toBe(409);
    const closed = await service.update(tenant, officer, uuid, { ValidUntil: '2026-09-01 10:00:00' }, undefined);
    expect(closed.model.ValidUntil).toBe('2026-09-01 10:00:00');
    expect((await rejection(service.update(tenant, officer, uuid, { ValidUntil: null }, undefined))).statusCode).toBe(
      409,
    );
  });

  it('cannot be bypassed by a citation that lands between the read and the write of a change', async () => {
    const { store, service } = setup();
    const { model } = await service.create(tenant, officer, body);
    const uuid = model.Uuid as string;
    // The release cites the notice right after the change read it (citations leave the version alone).
    const get = store.get.bind(store);
    let cited = false;
    store.get = async (t, u, o) => {
      const read = await get(t, u, o);
      if (!cited) {
        cited = true;
        store.cite(tenant, { Uuid: uuid, Version: 1 }, '2026-10-01 00:00:00');
      }
      return read;
    };
    const error = await rejection(service.update(tenant, officer, uuid, { WasteForms: ['OIL'] }, `"${uuid}.1"`));
    expect([error.statusCode, error.notification.key]).toEqual([409, 'clearance_notice.cited']);
    // The same for a ValidUntil before the citation that landed.
    const { model: other } = await service.create(tenant, officer, body);
    cited = false;
    const closing = store.get;
    store.get = async (t, u, o) => {
      const read = await get(t, u, o);
      if (!cited) {
        cited = true;
        store.cite(tenant, { Uuid: other.Uuid as string, Version: 1 }, '2026-10-01 00:00:00');
      }
      return read;
    };
    const early = await rejection(
      service.update(tenant, officer, other.Uuid as string, { ValidUntil: '2026-09-30 00:00:00' }, undefined),
    );
    expect(early.statusCode).toBe(409);
    store.get = closing;
    expect((await store.get(tenant, other.Uuid as string))?.ValidUntil).toBeNull();
  });
});
