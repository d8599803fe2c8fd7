/** The document archive over HTTP: collections and pagination, counts, isolation, report, upload and files. */
import { describe, expect, it } from 'vitest';
import { DOCUMENT_FIELDS } from '../../shared/domain/document';
import {
  call,
  createDocument,
  documentsPath,
  errorOf,
  eventually,
  newTenant,
  settledTotal,
  token,
  upload,
  type ApiResponse,
} from '../support/api';

type Tenant = ReturnType<typeof newTenant>;
const order = (a: Record<string, any>, b: Record<string, any>) =>
  a.CreatedAt === b.CreatedAt ? (a.Uuid < b.Uuid ? 1 : -1) : a.CreatedAt < b.CreatedAt ? 1 : -1;

/** Creates `n` documents, a few at a time (as concurrent clients would). */
async function seed(
  t: Tenant,
  n: number,
  body: (i: number) => Record<string, unknown> = () => ({
    Scope: 'RECORD',
    ScopeReference: 'rec-1',
    Filename: 'r.pdf',
  }),
) {
  const made: Record<string, any>[] = [];
  for (let i = 0; i < n; i += 8) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(8, n - i) }, (_, j) => createDocument(t, body(i + j))),
    );
    made.push(...batch.map((b) => b.DocumentModel));
  }
  // Counts follow the writes: at rest within 5 s.
  await settledTotal(documentsPath(t, '/page/999999'), t.token, made.length);
  return made.sort(order);
}

const get = (t: Tenant, suffix: string, headers: Record<string, string> = {}) =>
  call('GET', documentsPath(t, suffix), { token: t.token, headers });
const configOf = (r: ApiResponse) => r.body.CollectionConfiguration;
const uuids = (r: ApiResponse) => r.body.DocumentModelCollection.map((d: { Uuid: string }) => d.Uuid);

describe.each([0, 1, 100, 101, 205])('a facility with %i documents', (n) => {
  const t = newTenant();
  let made: Record<string, any>[] = [];

  it('find lists all of them, newest first, unpaginated', async () => {
    made = await seed(t, n);
    const r = await get(t, '');
    expect(r.status).toBe(200);
    expect(uuids(r)).toEqual(made.map((d) => d.Uuid));
    const self = `${r.headers.get('x-base') ?? ''}`;
    expect(configOf(r)).toEqual({
      CollectionModelName: 'DocumentModelCollection',
      IsPaginated: false,
      MaxItemsPerPage: 1000,
      CurrentPage: 1,
      FirstPage: 1,
      LastPage: 1,
      PreviousPage: 1,
      NextPage: 1,
      CurrentPageEndpoint: expect.stringMatching(/\/documents$/),
      FirstPageEndpoint: expect.any(String),
      LastPageEndpoint: expect.any(String),
      PreviousPageEndpoint: expect.any(String),
      NextPageEndpoint: expect.any(String),
      FirstIndex: 0,
      LastIndex: n - 1,
      TotalCount: n,
    });
    expect(self).toBe('');
    for (const item of r.body.DocumentModelCollection) expect(Object.keys(item)).toEqual([...DOCUMENT_FIELDS]);
  });

  it('pages cover every document exactly once, with every configuration field right', async () => {
    const lastPage = Math.max(1, Math.ceil(n / 100));
    const seen: string[] = [];
    for (let page = 1; page <= lastPage + 1; page++) {
      const r = await get(t, `/page/${page}`);
      expect(r.status).toBe(200);
      const count = page <= lastPage ? Math.min(100, n - (page - 1) * 100) : 0;
      const c = configOf(r);
      const endpoint = (p: number) => `${c.FirstPageEndpoint.replace(/\/page\/1$/, '')}/page/${p}`;
      expect(c).toEqual({
        CollectionModelName: 'DocumentModelCollection',
        IsPaginated: true,
        MaxItemsPerPage: 100,
        CurrentPage: page,
        FirstPage: 1,
        LastPage: lastPage,
        PreviousPage: Math.min(Math.max(page - 1, 1), lastPage),
        NextPage: Math.min(page + 1, lastPage),
        CurrentPageEndpoint: endpoint(page),
        FirstPageEndpoint: endpoint(1),
        LastPageEndpoint: endpoint(lastPage),
        PreviousPageEndpoint: endpoint(Math.min(Math.max(page - 1, 1), lastPage)),
        NextPageEndpoint: endpoint(Math.min(page + 1, lastPage)),
        // A page past the end starts at the end of the collection.
        FirstIndex: Math.min((page - 1) * 100, n),
        LastIndex: Math.min((page - 1) * 100, n) + count - 1,
        TotalCount: n,
      });
      expect(c.FirstPageEndpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/document\/api\/v1\/.+\/documents\/page\/1$/);
      expect(uuids(r)).toHaveLength(count);
      seen.push(...uuids(r));
    }
    expect(seen).toEqual(made.map((d) => d.Uuid));
  });

  it('/page is page 1, and the endpoints fetch the pages they name', async () => {
    const first = await get(t, '/page');
    expect(uuids(first)).toEqual(made.slice(0, 100).map((d) => d.Uuid));
    const next = await call('GET', new URL(configOf(first).NextPageEndpoint).pathname, { token: t.token });
    expect(configOf(next).CurrentPage).toBe(configOf(first).NextPage);
    expect(uuids(next)).toEqual(
      made.slice((configOf(first).NextPage - 1) * 100, configOf(first).NextPage * 100).map((d) => d.Uuid),
    );
  });

  it('latest is the 10 newest', async () => {
    const r = await get(t, '/latest');
    expect(uuids(r)).toEqual(made.slice(0, 10).map((d) => d.Uuid));
    expect(configOf(r)).toMatchObject({
      IsPaginated: false,
      MaxItemsPerPage: 10,
      TotalCount: Math.min(10, n),
      LastIndex: Math.min(10, n) - 1,
    });
  });
});

describe('page numbers', () => {
  const t = newTenant();
  it.each(['0', '-1', 'abc', '1.5', '1e3', '01', '99999999999999999999'])('400 for page %j', async (page) => {
    const r = await get(t, `/page/${page}`);
    expect(r.status).toBe(400);
    expect(errorOf(r).Details).toEqual(['page: must be a whole number, 1 or more']);
  });
});

describe('filters, scopes and counts', () => {
  const t = newTenant();

  it('State filters every listing and its counts; a move between scope references moves the counts', async () => {
    const docs = await seed(t, 6, (i) => ({
      Scope: i < 4 ? 'DEVICE' : 'DOCUMENT_FOLDER',
      ScopeReference: i < 4 ? 'dev-A' : 'folder-1',
      Filename: `d${i}.pdf`,
    }));
    const device = docs.filter((d) => d.Scope === 'DEVICE');
    const archive = await call('PUT', documentsPath(t, `/${device[0]!.Uuid}`), {
      token: t.token,
      body: { State: 'ARCHIVED' },
    });
    expect(archive.status).toBe(200);
    expect(await settledTotal(documentsPath(t, '/page/999999?State=ARCHIVED'), t.token, 1)).toBe(1);
    expect(await settledTotal(documentsPath(t, '/page/999999?State=ACTIVE'), t.token, 5)).toBe(5);
    expect(configOf(await get(t, '/page?State=ACTIVE')).FirstPageEndpoint).toMatch(/\/page\/1\?State=ACTIVE$/);
    expect(uuids(await get(t, '?State=ARCHIVED'))).toEqual([device[0]!.Uuid]);
    expect(await settledTotal(documentsPath(t, '/device/dev-A?State=ACTIVE'), t.token, 3)).toBe(3);
    expect(await settledTotal(documentsPath(t, '/device/dev-A'), t.token, 4)).toBe(4);
    expect(await settledTotal(documentsPath(t, '/facility'), t.token, 2)).toBe(2);
    const moved = await call('PUT', documentsPath(t, `/${device[1]!.Uuid}`), {
      token: t.token,
      body: { Scope: 'GENERATOR', ScopeReference: 'gen-7', Filename: 'moved.pdf' },
    });
    expect(moved.body.DocumentModel).toMatchObject({
      Scope: 'GENERATOR',
      ScopeReference: 'gen-7',
      Filename: 'moved.pdf',
    });
    expect(uuids(await get(t, '/device/dev-A'))).not.toContain(device[1]!.Uuid);
    expect(await settledTotal(documentsPath(t, '/device/dev-A'), t.token, 3)).toBe(3);
    expect(uuids(await get(t, '/generator/gen-7'))).toEqual([device[1]!.Uuid]);
    expect(await settledTotal(documentsPath(t, '/page/999999'), t.token, 6)).toBe(6);
  });

  it('400 for an unknown State filter', async () => {
    const r = await get(t, '?State=DELETED');
    expect([r.status, errorOf(r).Details]).toEqual([400, ['State: must be one of ACTIVE, ARCHIVED']]);
  });

  it('concurrent creates leave every count exact', async () => {
    const c = newTenant();
    await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        createDocument(c, {
          Scope: 'DEVICE',
          ScopeReference: `dev-${i % 2}`,
          Filename: 'x.pdf',
          State: i % 3 ? 'ACTIVE' : 'ARCHIVED',
        }),
      ),
    );
    expect(await settledTotal(documentsPath(c, ''), c.token, 24)).toBe(24);
    expect(await settledTotal(documentsPath(c, '/page/999999'), c.token, 24)).toBe(24);
    expect(configOf(await get(c, '/page?State=ARCHIVED')).TotalCount).toBe(8);
    expect(configOf(await get(c, '/device/dev-0')).TotalCount).toBe(12);
    expect(configOf(await get(c, '/device/dev-1?State=ACTIVE')).TotalCount).toBe(8);
    expect(uuids(await get(c, '/page'))).toHaveLength(24);
  });
});

describe('isolation', () => {
  const a = newTenant();
  const sameClient = { ...newTenant(), client: a.client };

  it('a document of another scope reference, facility or client never appears; another tenant is 403', async () => {
    const mine = (await createDocument(a, { Scope: 'DEVICE', ScopeReference: 'dev-1', Filename: 'mine.pdf' }))
      .DocumentModel.Uuid;
    await createDocument(a, { Scope: 'DEVICE', ScopeReference: 'dev-2', Filename: 'other-ref.pdf' });
    const b = { ...sameClient, token: token({ clients: [a.client], facilities: [sameClient.facility] }) };
    const theirs = (await createDocument(b, { Scope: 'DEVICE', ScopeReference: 'dev-1', Filename: 'theirs.pdf' }))
      .DocumentModel.Uuid;
    expect(uuids(await get(a, '/device/dev-1'))).toEqual([mine]);
    expect(uuids(await get(b, '/device/dev-1'))).toEqual([theirs]);
    expect(uuids(await get(a, ''))).not.toContain(theirs);
    for (const suffix of ['', '/page', '/latest', '/facility', '/device/dev-1']) {
      const r = await call('GET', documentsPath(a, suffix), { token: b.token });
      expect([r.status, errorOf(r).Message]).toEqual([403, 'auth.tenant_forbidden']);
    }
    const update = await call('PUT', documentsPath(b, `/${mine}`), {
      token: b.token,
      body: { Filename: 'stolen.pdf' },
    });
    expect([update.status, errorOf(update).Message]).toEqual([404, 'document.not_found']);
  });
});

describe('report', () => {
  const a = newTenant();

  it('answers its facility and the reporter role; anyone else gets 404, without a token 401', async () => {
    const doc = (await createDocument(a, { Scope: 'RECORD', ScopeReference: 'rec-9', Filename: 'report.pdf' }))
      .DocumentModel;
    const path = `/document/report-api/v1/document/${doc.Uuid}`;
    const own = await call('GET', path, { token: a.token });
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ DocumentModel: doc, Notifications: [] });
    expect((await call('GET', `${path}/`, { token: token({ roles: ['reporter'] }) })).status).toBe(200);
    const stranger = await call('GET', path, {
      token: token({ clients: [a.client], facilities: ['another-facility'] }),
    });
    expect([stranger.status, errorOf(stranger).Message]).toEqual([404, 'document.not_found']);
    expect((await call('GET', '/document/report-api/v1/document/no-such-document', { token: a.token })).status).toBe(
      404,
    );
    expect((await call('GET', path)).status).toBe(401);
  });
});

describe('writes', () => {
  const t = newTenant();

  it(
    'validates: required members, sizes, enums, identifiers, unknown members; read-only members are ' + 'ignored',
    async () => {
      const bad = await call('POST', documentsPath(t), {
        token: t.token,
        body: { Scope: 'ATTIC', ScopeReference: 'a/b', Filename: 'x'.repeat(129), State: 'GONE' },
      });
      expect(bad.status).toBe(400);
      expect(errorOf(bad).Details).toEqual([
        'Scope: must be one of DOCUMENT_FOLDER, DEVICE, RECORD, MAINTENANCE_LOG_ENTRY, GENERATOR, CYCLOTRON_PRODUCT',
        'ScopeReference: must be an identifier of 1 to 36 letters, digits, hyphens or underscores',
        'Filename: must have at most 128 characters',
        'State: must be one of ACTIVE, ARCHIVED',
      ]);
      expect(errorOf(await call('POST', documentsPath(t), { token: t.token, body: {} })).Details).toEqual([
        'Scope: is required',
        'ScopeReference: is required',
        'Filename: is required',
      ]);
      expect(
        errorOf(
          await call('POST', documentsPath(t), {
            token: t.token,
            body: { Scope: 'DEVICE', ScopeReference: 'd', Filename: '../etc/passwd' },
          }),
        ).Details,
      ).toEqual(['Filename: must not contain control characters, / or \\']);
      expect(
        errorOf(
          await call('POST', documentsPath(t), {
            token: t.token,
            body: { Scope: 'DEVICE', ScopeReference: 'd', Filename: 'a.pdf', Size: 3 },
          }),
        ).Details,
      ).toEqual(['Size: unknown member']);
      const ignored = await call('POST', documentsPath(t), {
        token: t.token,
        body: { Scope: 'DEVICE', ScopeReference: 'd', Filename: 'a.pdf', Uuid: 'mine', Url: 'http://evil', File: 'x' },
      });
      expect(ignored.status).toBe(200);
      expect(ignored.body.DocumentModel.Url).toBeNull();
      expect(ignored.body.Notifications[1].Details).toEqual([
        'Uuid: read-only, ignored',
        'Url: read-only, ignored',
        'File: read-only, ignored',
      ]);
      const missing = await call('PUT', documentsPath(t, '/no-such-document'), {
        token: t.token,
        body: { State: 'ARCHIVED' },
      });
      expect(missing.status).toBe(404);
    },
  );

  it(
    'upload -> FileInfo -> Url gives the same bytes under the non-ASCII file name; a replacement updates ' + 'FileInfo',
    async () => {
      const name = 'Prüfbericht Gammakamera – März 2026 (Ø 40 cm).pdf';
      const { DocumentModel: doc, Upload: form } = await createDocument(t, {
        Scope: 'DEVICE',
        ScopeReference: 'cam-1',
        Filename: name,
      });
      const policy = JSON.parse(Buffer.from(form.Fields.Policy!, 'base64').toString());
      expect(policy.conditions).toEqual(
        expect.arrayContaining([
          ['content-length-range', 1, 256 * 1024],
          ['eq', '$Content-Type', 'application/pdf'],
        ]),
      );
      expect(form.Fields.key).toBe(`documents/${t.client}/${t.facility}/${doc.Uuid}`);
      const bytes = new Uint8Array(Array.from({ length: 5000 }, (_, i) => (i * 31) % 256));
      expect(await upload(form, bytes)).toBe(204);
      const stored = await eventually(async () => {
        const listed = (await get(t, '/device/cam-1')).body.DocumentModelCollection[0];
        return listed.FileInfo ? listed : undefined;
      });
      expect(stored.FileInfo).toEqual({
        CreatedDatetime: expect.any(Number),
        ModifiedDatetime: expect.any(Number),
        Filesize: 5000,
        Mimetype: 'application/pdf',
      });
      expect(Math.abs(stored.FileInfo.ModifiedDatetime - Date.now() / 1000)).toBeLessThan(60);
      const download = await fetch(stored.Url);
      expect(download.status).toBe(200);
      expect(new Uint8Array(await download.arrayBuffer())).toEqual(bytes);
      const disposition = download.headers.get('content-disposition')!;
      expect(decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(disposition)![1]!)).toBe(name);
      expect(/filename="([^"]*)"/.exec(disposition)![1]).toMatch(/^[\x20-\x7e]+$/);

      expect(await upload(form, bytes.slice(0, 1234))).toBe(204);
      const replaced = await eventually(async () => {
        const r = (await call('GET', `/document/report-api/v1/document/${doc.Uuid}`, { token: t.token })).body
          .DocumentModel;
        return r.FileInfo?.Filesize === 1234 ? r : undefined;
      });
      expect(replaced.FileInfo.CreatedDatetime).toBe(stored.FileInfo.CreatedDatetime);
      expect(replaced.FileInfo.ModifiedDatetime).toBeGreaterThanOrEqual(stored.FileInfo.ModifiedDatetime);
    },
  );

  it('an upload over the size limit is refused: the record stays without a file', async () => {
    const { DocumentModel: doc, Upload: form } = await createDocument(t, {
      Scope: 'DEVICE',
      ScopeReference: 'cam-2',
      Filename: 'huge.pdf',
    });
    await upload(form, new Uint8Array(256 * 1024 + 1));
    await new Promise((r) => setTimeout(r, 500));
    const after = (await call('GET', `/document/report-api/v1/document/${doc.Uuid}`, { token: t.token })).body
      .DocumentModel;
    expect(after).toMatchObject({ FileInfo: null, Url: null });
    const object = await fetch(`${form.Url}/${form.Fields.key}`);
    expect(object.status).not.toBe(200);
  });
});
