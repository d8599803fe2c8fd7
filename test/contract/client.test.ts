/**
 * The typed client (clients/typescript/) against the local runtime: answers unwrapped with their Notifications, the
 * ETag carried into If-Match, a stale one thrown as the typed 412, a write retried after a 503 and after a lost
 * answer with the same Idempotency-Key (one record), a listing walked page by page; every answer checked against the
 * document (test/support/client.ts).
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../clients/typescript/src/index';
import { REMAINING_TIME_HEADER } from '../../infra/local/lambda';
import { checkedFetch, newTenant } from '../support/api';
import { apiClient, expectMatch } from '../support/client';

const t = newTenant();
const tenant = { clientUuid: t.client, facilityUuid: t.facility };
const api = apiClient(t.token);

/** A fetch that fails the tries `fail` names before sending them, or loses their answer after. */
function flaky(fail: (request: Request, attempt: number) => 'unavailable' | 'lost' | undefined) {
  const attempts: Request[] = [];
  const send = async (request: Request) => {
    attempts.push(request.clone());
    const fault = fail(request, attempts.length);
    if (fault === 'unavailable') request.headers.set(REMAINING_TIME_HEADER, '0');
    const response = await checkedFetch(request);
    if (fault === 'lost') throw new TypeError('fetch failed: the connection was reset');
    return response;
  };
  return { send, attempts };
}

describe('the typed client on the local runtime', () => {
  it('creates, loads and updates a container: data unwrapped, Notifications kept, the ETag as If-Match', async () => {
    const created = await api.container.create(tenant, { Name: 'Box 7', Weight: 1250 });
    expectMatch(created.data, { Name: 'Box 7', Weight: 1250, State: 'OPEN' });
    expect(created.notifications.map((n) => [n.Type, n.Message])).toEqual([['Success', 'container.created']]);
    expect(created.etag).toBe(`"${created.data.Uuid}.1"`);
    expect(created.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);

    const item = { ...tenant, uuid: created.data.Uuid };
    const loaded = await api.container.load(item, { language: 'de' });
    expect([loaded.data.Weight, loaded.etag]).toEqual([1250, created.etag]);
    const updated = await api.container.update(item, { State: 'DECAY', Weight: null }, { ifMatch: loaded.etag });
    expectMatch(updated.data, { State: 'DECAY', Weight: null });
    expect(updated.etag).toBe(`"${created.data.Uuid}.2"`);

    const stale = await api.container.update(item, { Name: 'Late' }, { ifMatch: loaded.etag }).catch((e) => e);
    expect(ApiError.is(stale, 'container.update')).toBe(true);
    if (!ApiError.is(stale, 'container.update') || stale.status !== 412) throw stale;
    // Narrowed by its status, the error's notifications hold the 412's own Message.
    const message: 'request.precondition_failed' = stale.notifications[0]!.Message;
    expect([message, stale.message]).toEqual([
      'request.precondition_failed',
      expect.stringMatching(/^container\.update answered 412: request\.precondition_failed \(/),
    ]);
  });

  it('throws the typed error with the answer in the language asked for', async () => {
    const missing = await api.container
      .load({ ...tenant, uuid: '00000000-0000-4000-8000-000000000000' }, { language: 'de' })
      .catch((e) => e);
    if (!ApiError.is(missing, 'container.load') || missing.status !== 404) throw missing;
    expectMatch(missing.notifications[0]!, { Type: 'Error', Message: 'container.not_found', Code: 40402 });
    expect(missing.notifications[0]!.LocalizedMessage).toMatch(/Behälter/);
    const foreign = await apiClient(newTenant().token)
      .container.create(tenant, { Name: 'Not mine' })
      .catch((e) => e);
    expect([foreign.status, foreign.notifications[0].Message]).toEqual([403, 'auth.tenant_forbidden']);
  });

  it('asks again after a 503 as Retry-After says, with the same Idempotency-Key: one container', async () => {
    const { send, attempts } = flaky((_, attempt) => (attempt === 1 ? 'unavailable' : undefined));
    const started = Date.now();
    const created = await apiClient(t.token, { fetch: send }).container.create(tenant, { Name: 'Retried' });
    // The 503 says Retry-After: 2.
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
    expect(attempts.map((a) => a.headers.get('idempotency-key'))).toEqual([
      created.idempotencyKey,
      created.idempotencyKey,
    ]);
    expect(created.data.Name).toBe('Retried');
  });

  it('asks again when the answer to a write was lost: the same key answers the first result, one record', async () => {
    const reference = `lost-${t.client.slice(0, 8)}`;
    const { send, attempts } = flaky((_, attempt) => (attempt === 1 ? 'lost' : undefined));
    const created = await apiClient(t.token, { fetch: send, retry: { baseDelayMs: 10 } }).document.create(tenant, {
      Scope: 'DEVICE',
      ScopeReference: reference,
      Filename: 'Prüfbericht.pdf',
    });
    expect(attempts).toHaveLength(2);
    const listed = await api.document.device({ ...tenant, deviceUuid: reference });
    expect(listed.data.map((d) => d.Uuid)).toEqual([created.data.DocumentModel.Uuid]);
    expect(listed.collection).toMatchObject({ IsPaginated: false, TotalCount: 1 });
  });

  it('does not ask again when the answer to a PUT without a key was lost: the caller decides', async () => {
    const created = await api.container.create(tenant, { Name: 'Once' });
    const { send, attempts } = flaky(() => 'lost');
    const lost = await apiClient(t.token, { fetch: send, retry: { baseDelayMs: 10 } })
      .container.update({ ...tenant, uuid: created.data.Uuid }, { Name: 'Twice?' })
      .catch((e) => e);
    expect([lost, attempts.length]).toEqual([expect.any(TypeError), 1]);
  });

  it('walks the exact pages of the documents: every document once, newest first, page after page', async () => {
    const walker = newTenant();
    const own = { clientUuid: walker.client, facilityUuid: walker.facility };
    const client = apiClient(walker.token);
    for (let i = 0; i < 130; i += 10)
      await Promise.all(
        Array.from({ length: 10 }, (_, j) =>
          client.document.create(own, { Scope: 'RECORD', ScopeReference: 'r', Filename: `${i + j}.pdf` }),
        ),
      );
    // Counts follow the writes through the change stream: exact within 5 s.
    const deadline = Date.now() + 5000;
    while ((await client.document.page.page({ ...own, page: '9' })).collection.TotalCount < 130) {
      if (Date.now() > deadline) throw new Error('the count did not settle');
      await new Promise((r) => setTimeout(r, 50));
    }
    const pages = [];
    for await (const page of client.document.page.page.pages(own, { language: 'de' })) pages.push(page);
    expect(pages.map((p) => [p.collection.CurrentPage, p.collection.LastPage, p.data.length])).toEqual([
      [1, 2, 100],
      [2, 2, 30],
    ]);
    const all = (await client.document.find(own)).data.map((d) => d.Uuid);
    const walked = [];
    for await (const document of client.document.page.page.items(own)) walked.push(document.Uuid);
    expect(walked).toEqual(all);
    const fromTwo = [];
    for await (const document of client.document.page.page.items(own, { from: 2 })) fromTwo.push(document.Uuid);
    expect(fromTwo).toEqual(all.slice(100));
  });
});
