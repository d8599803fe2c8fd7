/**
 * clients/typescript/src/client.ts: what each call sends (path, query, token, headers, a fresh Idempotency-Key per
 * write) and makes of the answer (unwrapped, Notifications kept, the typed ApiError), the tree of operations, and the
 * iterators' walk over pages; against an HTTP server on loopback that answers as each test scripts it (the runtime's
 * own answers: test/contract/client.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createClient, OPERATIONS } from '../../clients/typescript/src/index';
import { scriptedServer, type Reply, type Scripted } from '../support/scripted-server';

let server: Scripted;
beforeAll(async () => {
  server = await scriptedServer();
});
afterAll(() => server.close());

const tenant = { clientUuid: 'c-1', facilityUuid: 'f-1' };
const W = '/waste-management/api/v1/c-1/f-1';
const note = (Type: string, Message: string) => ({
  Type,
  Message,
  LocalizedMessage: Message,
  Level: 200,
  LevelAsString: 'INFO',
  Details: [],
  Code: 20000,
});
const client = (options: Partial<Parameters<typeof createClient>[0]> = {}) =>
  createClient({ baseUrl: `${server.url}/`, token: 'jwt', retry: { baseDelayMs: 1 }, ...options });

/** A page of the document listing, as the service answers page `current` of `last`. */
const page = (current: number, last: number, uuids: string[]): Reply => ({
  status: 200,
  body: {
    DocumentModelCollection: uuids.map((Uuid) => ({ Uuid, Filename: `${Uuid}.pdf` })),
    CollectionConfiguration: {
      CurrentPage: current,
      LastPage: last,
      NextPage: Math.min(current + 1, last),
      TotalCount: 0,
    },
    Notifications: [],
  },
});

describe('a call', () => {
  it('sends the path and query parameters where the document puts them, the token, language and Accept', async () => {
    server.script({ status: 200, body: { ReleaseRegisterModelCollection: [], Notifications: [] } });
    await client({ language: 'de' }).releaseRegister.list({ ...tenant, year: '2026' });
    expect(server.requests[0]).toMatchObject({
      method: 'GET',
      url: `${W}/release-register?year=2026`,
      headers: { authorization: 'Bearer jwt', 'accept-language': 'de', accept: 'application/json' },
    });
  });

  it('encodes path parameters, leaves out an undefined query parameter, refuses an unknown one unsent', async () => {
    server.script({ status: 200, body: { DocumentModelCollection: [], Notifications: [] } });
    await client().document.device({ ...tenant, deviceUuid: 'dev 7/a', State: undefined });
    expect(server.requests[0]!.url).toBe('/document/api/v1/c-1/f-1/documents/device/dev%207%2Fa');
    server.script();
    const api = client() as any;
    await expect(api.container.load({ ...tenant, uuid: 'u', Uuid: 'u' })).rejects.toThrow(
      'container.load takes no parameter "Uuid"',
    );
    await expect(api.container.load(tenant)).rejects.toThrow('container.load needs its path parameter uuid');
    expect(server.requests).toEqual([]);
  });

  it('gives each write a fresh Idempotency-Key unless one is given, and an update none', async () => {
    const created = { status: 200, body: { ContainerModel: { Uuid: 'u' }, Notifications: [] } };
    server.script(created, created, created, created);
    const api = client();
    const [a, b] = [
      await api.container.create(tenant, { Name: 'A' }),
      await api.container.create(tenant, { Name: 'B' }),
    ];
    const given = await api.container.create(tenant, { Name: 'C' }, { idempotencyKey: 'box-7' });
    await api.container.update({ ...tenant, uuid: 'u' }, { Name: 'D' }, { ifMatch: '"u.1"' });
    const keys = server.requests.map((r) => r.headers['idempotency-key']);
    expect(keys).toEqual([a.idempotencyKey, b.idempotencyKey, 'box-7', undefined]);
    expect(a.idempotencyKey).not.toBe(b.idempotencyKey);
    expect(given.idempotencyKey).toBe('box-7');
    expect(server.requests[3]!.headers['if-match']).toBe('"u.1"');
    expect(JSON.parse(server.requests[3]!.body)).toEqual({ Name: 'D' });
  });

  it('sends no token to a public operation; asks the token provider for each call', async () => {
    let asked = 0;
    const api = client({ token: () => `jwt-${++asked}` });
    server.script({ status: 200, body: { NuclideModelCollection: [], Notifications: [] } });
    await api.container.nuclides();
    expect([server.requests[0]!.headers.authorization, asked]).toEqual([undefined, 0]);
    server.script({ status: 200, body: { ContainerModel: {}, Notifications: [] } });
    await api.container.load({ ...tenant, uuid: 'u' });
    expect(server.requests[0]!.headers.authorization).toBe('Bearer jwt-1');
  });
});

describe('an answer', () => {
  it('is unwrapped: the one model, a listing with its CollectionConfiguration, several members, a text', async () => {
    const notifications = [note('Success', 'container.updated'), note('Info', 'release.date_predicted')];
    server.script(
      {
        status: 200,
        headers: { etag: '"u.2"' },
        body: { ContainerModel: { Uuid: 'u' }, Notifications: notifications },
      },
      page(1, 1, ['d-1']),
      { status: 200, body: { DocumentModel: { Uuid: 'd' }, Upload: { Url: 'https://s3' }, Notifications: [] } },
      { status: 200, headers: { 'content-type': 'text/csv' }, body: 'ContainerUuid\r\n' },
    );
    const api = client();
    const updated = await api.container.update({ ...tenant, uuid: 'u' }, { State: 'DECAY' });
    expect([updated.data, updated.notifications, updated.etag]).toEqual([{ Uuid: 'u' }, notifications, '"u.2"']);
    const listed = await api.document.find(tenant);
    expect([listed.data.map((d) => d.Uuid), listed.collection.CurrentPage]).toEqual([['d-1'], 1]);
    const made = await api.document.create(tenant, { Scope: 'DEVICE', ScopeReference: 'x', Filename: 'a.pdf' });
    expect(made.data).toEqual({ DocumentModel: { Uuid: 'd' }, Upload: { Url: 'https://s3' } });
    const csv = await api.releaseRegister.list({ ...tenant, year: '2026' }, { accept: 'text/csv' });
    expect([csv.data, csv.notifications, server.requests[3]!.headers.accept]).toEqual([
      'ContainerUuid\r\n',
      [],
      'text/csv',
    ]);
  });

  it('other than the success is thrown as one ApiError with its status, notifications and key', async () => {
    const conflict = note('Error', 'container.state_change_forbidden');
    server.script({ status: 409, body: { Notifications: [conflict] } });
    const error = await client()
      .container.create(tenant, { Name: 'A' })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      name: 'ApiError',
      operation: 'container.create',
      status: 409,
      notifications: [conflict],
      idempotencyKey: server.requests[0]!.headers['idempotency-key'],
      message: 'container.create answered 409: container.state_change_forbidden (container.state_change_forbidden)',
    });
    expect([ApiError.is(error), ApiError.is(error, 'container.create'), ApiError.is(error, 'container.load')]).toEqual([
      true,
      true,
      false,
    ]);
    server.script({ status: 502, headers: { 'content-type': 'text/html' }, body: '<html>Bad gateway</html>' });
    const proxy = await client()
      .container.load({ ...tenant, uuid: 'u' })
      .catch((e) => e);
    expect([proxy.status, proxy.notifications, proxy.message]).toEqual([502, [], 'container.load answered 502']);
  });

  it('of 429 is asked again, then thrown once the retries are spent', async () => {
    const throttled = { status: 429, headers: { 'retry-after': '0' }, body: { message: 'Too Many Requests' } };
    server.script(throttled, throttled);
    const error = await client({ retry: { retries: 1 } })
      .container.load({ ...tenant, uuid: 'u' })
      .catch((e) => e);
    expect([error.status, server.requests.length]).toEqual([429, 2]);
  });
});

describe('the tree of operations', () => {
  it('has every operation of the document under its segments; the paginated ones have their iterators', () => {
    const api = client() as any;
    for (const [id, operation] of Object.entries(OPERATIONS)) {
      const method = id.split('.').reduce((node, segment) => node?.[segment], api);
      expect(typeof method, id).toBe('function');
      expect([typeof method.pages, typeof method.items], id).toEqual(
        operation.paginated ? ['function', 'function'] : ['undefined', 'undefined'],
      );
    }
  });
});

describe('the iterators of a paginated listing', () => {
  it('walk from page 1 (or `from`) to the last, each page asked when the one before was read', async () => {
    server.script(page(1, 3, ['a', 'b']), page(2, 3, ['c']), page(3, 3, ['d']));
    const pages = [];
    for await (const p of client().document.page.page.pages({ ...tenant, State: 'ACTIVE' })) pages.push(p);
    expect(pages.map((p) => p.data.map((d) => d.Uuid))).toEqual([['a', 'b'], ['c'], ['d']]);
    expect(server.requests.map((r) => r.url)).toEqual(
      [1, 2, 3].map((n) => `/document/api/v1/c-1/f-1/documents/page/${n}?State=ACTIVE`),
    );
    server.script(page(3, 3, ['d']));
    const items = [];
    for await (const d of client().document.page.page.items(tenant, { from: 3 })) items.push(d.Uuid);
    expect([items, server.requests.length]).toEqual([['d'], 1]);
  });

  it('stop at an empty listing and past the end; pass over an item a write moved to the next page', async () => {
    server.script(page(1, 1, []));
    const none = [];
    for await (const d of client().document.page.page.items(tenant)) none.push(d);
    expect([none, server.requests.length]).toEqual([[], 1]);
    server.script(page(7, 3, []));
    for await (const d of client().document.page.page.items(tenant, { from: 7 })) none.push(d);
    expect([none, server.requests.length]).toEqual([[], 1]);
    // A record created between the two pages pushed `b` from the end of page 1 to the start of page 2.
    server.script(page(1, 2, ['a', 'b']), page(2, 2, ['b', 'c']));
    const items = [];
    for await (const d of client().document.page.page.items(tenant)) items.push(d.Uuid);
    expect(items).toEqual(['a', 'b', 'c']);
  });
});
