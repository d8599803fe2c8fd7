/**
 * Clearance notices over HTTP (issue 26 item 2): the officer records and changes them, the facility reads them; bad
 * input is 400 naming the member, another tenant's notice or document is none of this one's; a cited notice keeps
 * what its releases rest on.
 */
import { describe, expect, it } from 'vitest';
import { citeNoticeItem } from '../../shared/data/clearance-notices';
import { transactWrite } from '../../shared/data/transact';
import { CLEARANCE_NOTICE_FIELDS } from '../../shared/domain/clearance-notice';
import { call, createDocument, documentClient, errorOf, newTenant, runtime } from '../support/api';
import { createNotice, NOTICE_BODY, noticePath, rpoOf } from '../support/registers';

const t = newTenant({ name: 'Theo Technician' });
const rpo = rpoOf(t);
const post = (body: object, bearer = rpo) => call('POST', noticePath(t), { token: bearer, body });
const details = async (body: object) => {
  const r = await post(body);
  expect(r.status, r.text).toBe(400);
  return errorOf(r).Details;
};
/** A release citing the notice at `at`, written as the release's transaction writes it. */
const cite = (uuid: string, version: number, at: string) =>
  transactWrite(documentClient(), [citeNoticeItem(runtime().tableName, t, { Uuid: uuid, Version: version }, at)]);

describe('recording a clearance notice', () => {
  it('answers the notice with exactly its members and an ETag; reading needs no role', async () => {
    const r = await post({ ...NOTICE_BODY, Conditions: 'Nur feste Stoffe.' });
    expect(r.status, r.text).toBe(200);
    expect(Object.keys(r.body.ClearanceNoticeModel)).toEqual([...CLEARANCE_NOTICE_FIELDS]);
    const notice = r.body.ClearanceNoticeModel;
    expect(notice).toMatchObject({ ...NOTICE_BODY, ValidUntil: null, Limits: [], DocumentUuid: null });
    expect(r.headers.get('etag')).toBe(`"${notice.Uuid}.1"`);
    const loaded = await call('GET', noticePath(t, notice.Uuid), { token: t.token });
    expect([loaded.status, loaded.body.ClearanceNoticeModel, loaded.headers.get('etag')]).toEqual([
      200,
      notice,
      `"${notice.Uuid}.1"`,
    ]);
  });

  it('is the officer’s: 403 for a token without role rpo, to create and to change', async () => {
    const r = await post(NOTICE_BODY, t.token);
    expect([r.status, errorOf(r).Message]).toEqual([403, 'auth.role_required']);
    const notice = await createNotice(t);
    const put = await call('PUT', noticePath(t, notice.Uuid), { token: t.token, body: { Conditions: 'x' } });
    expect([put.status, errorOf(put).Message]).toEqual([403, 'auth.role_required']);
  });

  it('names each member that breaks its rule (400)', async () => {
    expect(await details({ ...NOTICE_BODY, FileNumber: 'x'.repeat(101), Site: '' })).toEqual([
      'FileNumber: must have at most 100 characters',
      'Site: must have at least 1 character(s)',
    ]);
    expect(await details({ ...NOTICE_BODY, ReleaseTypes: [] })).toEqual(['ReleaseTypes: must hold at least 1 item(s)']);
    expect(await details({ ...NOTICE_BODY, ReleaseTypes: ['UNRESTRICTED', 'UNRESTRICTED'] })).toEqual([
      'ReleaseTypes: must not name a value twice',
    ]);
    expect(await details({ ...NOTICE_BODY, WasteForms: ['SLUDGE'] })).toEqual([
      'WasteForms.0: must be one of SOLID, LIQUID_AQUEOUS, LIQUID_ORGANIC, OIL, GAS',
    ]);
    expect(await details({ ...NOTICE_BODY, ValidFrom: '2026-02-01T00:00:00Z' })).toEqual([
      'ValidFrom: must be a real UTC date and time as YYYY-MM-DD HH:MM:SS',
    ]);
    expect(await details({ ...NOTICE_BODY, ValidUntil: '2026-01-31 23:59:59' })).toEqual([
      'ValidUntil: must not lie before ValidFrom',
    ]);
    expect(await details({ ...NOTICE_BODY, Conditions: 'x'.repeat(4001) })).toEqual([
      'Conditions: must have at most 4000 characters',
    ]);
  });

  it('takes limits for INDIVIDUAL only, at least one then, each a known nuclide once with values above 0', async () => {
    const limit = { Nuclide: 'Ge-68', SpecificActivity: 1 };
    expect(await details({ ...NOTICE_BODY, Limits: [limit] })).toEqual([
      'Limits: limits are set for a release in the individual case only (ReleaseTypes holds no INDIVIDUAL)',
    ]);
    const individual = { ...NOTICE_BODY, ReleaseTypes: ['INDIVIDUAL'] };
    expect(await details(individual)).toEqual([
      'Limits: a notice for the individual case (INDIVIDUAL) sets at least one limit',
    ]);
    expect(await details({ ...individual, Limits: [limit, { ...limit, SpecificActivity: 2 }] })).toEqual([
      'Limits: must not name a value twice',
    ]);
    expect(await details({ ...individual, Limits: [{ ...limit, Nuclide: 'Xx-1' }] })).toEqual([
      expect.stringMatching(/^Limits\.0\.Nuclide: must be one of /),
    ]);
    expect(await details({ ...individual, Limits: [{ ...limit, SpecificActivity: 0 }] })).toEqual([
      'Limits.0.SpecificActivity: must be greater than 0',
    ]);
    expect(await details({ ...individual, Limits: [{ ...limit, Extra: 1 }] })).toEqual([
      'Limits.0.Extra: must be an object holding only the documented members',
    ]);
    const made = await createNotice(t, { ...individual, Limits: [{ ...limit, SurfaceActivity: 0.5 }] });
    expect(made.Limits).toEqual([{ Nuclide: 'Ge-68', SpecificActivity: 1, SurfaceActivity: 0.5 }]);
  });

  it('refuses an oversized list of limits before reading it', async () => {
    const many = Array.from({ length: 500 }, (_, i) => ({ Nuclide: 'F-18', SpecificActivity: i + 1 }));
    const found = await details({ ...NOTICE_BODY, ReleaseTypes: ['INDIVIDUAL'], Limits: many });
    expect(found).toEqual([expect.stringMatching(/^Limits: must hold at most \d+ items$/)]);
  });

  it('links a scan of its own facility only: another tenant’s document is 400 naming DocumentUuid', async () => {
    const stranger = newTenant();
    const theirs = (await createDocument(stranger, { Scope: 'RECORD', ScopeReference: 'r', Filename: 'b.pdf' }))
      .DocumentModel.Uuid;
    expect(await details({ ...NOTICE_BODY, DocumentUuid: theirs })).toEqual([
      `DocumentUuid: no document ${theirs} in this facility`,
    ]);
    const ours = (await createDocument(t, { Scope: 'RECORD', ScopeReference: 'r', Filename: 'bescheid.pdf' }))
      .DocumentModel.Uuid;
    expect((await createNotice(t, { ...NOTICE_BODY, DocumentUuid: ours })).DocumentUuid).toBe(ours);
  });
});

describe('changing a clearance notice', () => {
  it('is partial, clears with null, honours If-Match (412 when stale) and moves the ETag', async () => {
    const notice = await createNotice(t, { ...NOTICE_BODY, Conditions: 'Nur feste Stoffe.' });
    const at = noticePath(t, notice.Uuid);
    const r = await call('PUT', at, {
      token: rpo,
      body: { Conditions: null, ValidUntil: '2027-01-31 23:59:59' },
      headers: { 'if-match': `"${notice.Uuid}.1"` },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.ClearanceNoticeModel).toMatchObject({
      ...NOTICE_BODY,
      Conditions: null,
      ValidUntil: '2027-01-31 23:59:59',
    });
    expect(r.headers.get('etag')).toBe(`"${notice.Uuid}.2"`);
    const stale = await call('PUT', at, {
      token: rpo,
      body: { FileNumber: 'RP-43' },
      headers: { 'if-match': `"${notice.Uuid}.1"` },
    });
    expect([stale.status, errorOf(stale).Message]).toEqual([412, 'request.precondition_failed']);
  });

  it('is 404 under another tenant’s path, and the owner’s notice stays unchanged', async () => {
    const notice = await createNotice(t);
    const other = newTenant();
    for (const [method, body] of [['GET'], ['PUT', { FileNumber: 'hijacked' }]] as const) {
      const r = await call(method, noticePath(other, notice.Uuid), { token: rpoOf(other), ...(body ? { body } : {}) });
      expect([r.status, errorOf(r).Message]).toEqual([404, 'clearance_notice.not_found']);
    }
    expect((await call('GET', noticePath(t, notice.Uuid), { token: t.token })).body.ClearanceNoticeModel).toEqual(
      notice,
    );
  });

  it('keeps what a citing release rests on (409 naming each member), and lets ValidUntil only close it', async () => {
    const notice = await createNotice(t);
    await cite(notice.Uuid, 1, '2026-09-01 10:00:00');
    const at = noticePath(t, notice.Uuid);
    const frozen = await call('PUT', at, {
      token: rpo,
      body: {
        ReleaseTypes: ['UNRESTRICTED', 'INDIVIDUAL'],
        Limits: [{ Nuclide: 'I-131', SpecificActivity: 2, SurfaceActivity: null }],
        WasteForms: ['SOLID', 'OIL'],
        IssuedAt: '2026-01-11 00:00:00',
        MaxAveragingMassKg: 500,
      },
    });
    expect([frozen.status, errorOf(frozen).Message]).toEqual([409, 'clearance_notice.cited']);
    expect(errorOf(frozen).Details).toEqual([
      'ReleaseTypes: cannot change once a release cites the notice',
      'WasteForms: cannot change once a release cites the notice',
      'Limits: cannot change once a release cites the notice',
      'IssuedAt: cannot change once a release cites the notice',
      'MaxAveragingMassKg: cannot change once a release cites the notice',
    ]);
    // The citation left the version (the ETag) alone; what it does not freeze still changes.
    const renamed = await call('PUT', at, {
      token: rpo,
      body: { Holder: 'Klinikum Nord gGmbH' },
      headers: { 'if-match': `"${notice.Uuid}.1"` },
    });
    expect(renamed.status, renamed.text).toBe(200);
    const early = await call('PUT', at, { token: rpo, body: { ValidUntil: '2026-08-31 23:59:59' } });
    expect([early.status, errorOf(early).Details]).toEqual([
      409,
      [
        'ValidUntil: a cited notice can only be closed, at or after its last citation 2026-09-01 10:00:00, ' +
          'never reopened',
      ],
    ]);
    const closed = await call('PUT', at, { token: rpo, body: { ValidUntil: '2026-12-31 23:59:59' } });
    expect(closed.body.ClearanceNoticeModel.ValidUntil).toBe('2026-12-31 23:59:59');
    for (const ValidUntil of [null, '2027-06-30 00:00:00']) {
      const reopened = await call('PUT', at, {
        token: rpo,
        body: { ValidUntil },
        headers: { 'accept-language': 'de' },
      });
      expect([reopened.status, errorOf(reopened).LocalizedMessage]).toEqual([
        409,
        expect.stringMatching(/^Eine Freigabe beruft sich auf diesen Freigabebescheid/),
      ]);
    }
  });

  it('takes back what it answered: resending a cited notice as loaded changes nothing', async () => {
    const limits = [
      { Nuclide: 'Ge-68', SpecificActivity: 1, SurfaceActivity: null },
      { Nuclide: 'Lu-177m', SpecificActivity: 0.5, SurfaceActivity: 2 },
    ];
    const notice = await createNotice(t, { ...NOTICE_BODY, ReleaseTypes: ['INDIVIDUAL'], Limits: limits });
    await cite(notice.Uuid, 1, '2026-09-01 10:00:00');
    const loaded = (await call('GET', noticePath(t, notice.Uuid), { token: t.token })).body.ClearanceNoticeModel;
    const { Uuid: _u, CreatedAt: _c, UpdatedAt: _up, ...body } = loaded;
    const r = await call('PUT', noticePath(t, notice.Uuid), { token: rpo, body: { ...body, Limits: limits } });
    expect(r.status, r.text).toBe(200);
    expect(r.headers.get('etag')).toBe(`"${notice.Uuid}.1"`);
  });

  it('a citation needs the version the release read, and never goes back in time', async () => {
    const notice = await createNotice(t);
    await call('PUT', noticePath(t, notice.Uuid), { token: rpo, body: { Conditions: 'changed' } });
    await expect(cite(notice.Uuid, 1, '2026-09-01 10:00:00')).rejects.toThrow(/condition/i);
    await cite(notice.Uuid, 2, '2026-09-01 10:00:00');
    await expect(cite(notice.Uuid, 2, '2026-08-01 10:00:00')).rejects.toThrow(/condition/i);
  });
});

describe('listing clearance notices', () => {
  it('lists every notice of the facility, newest ValidFrom first, to any holder of the tenant', async () => {
    const own = newTenant();
    for (const ValidFrom of ['2024-01-01 00:00:00', '2026-03-01 00:00:00', '2025-05-01 00:00:00'])
      await createNotice(own, { ...NOTICE_BODY, ValidFrom });
    const r = await call('GET', noticePath(own), { token: own.token });
    expect(r.status, r.text).toBe(200);
    expect(r.body.ClearanceNoticeModelCollection.map((n: { ValidFrom: string }) => n.ValidFrom)).toEqual([
      '2026-03-01 00:00:00',
      '2025-05-01 00:00:00',
      '2024-01-01 00:00:00',
    ]);
    expect(r.body.CollectionConfiguration).toMatchObject({ IsPaginated: false, TotalCount: 3 });
    expect((await call('GET', noticePath(newTenant()), { token: newTenant().token })).status).toBe(403);
  });
});
