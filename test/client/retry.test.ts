/**
 * clients/typescript/src/retry.ts: which answers are asked again and after how long (Retry-After in seconds or as a
 * date, else an exponential backoff with jitter), which lost requests are, and that a wait ends with its signal;
 * against an HTTP server on loopback that answers as each test scripts it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffMs, DEFAULT_RETRY, retryAfterMs, retrying } from '../../clients/typescript/src/retry';
import { scriptedServer, type Scripted } from '../support/scripted-server';

let server: Scripted;
beforeAll(async () => {
  server = await scriptedServer();
});
afterAll(() => server.close());

const quick = { retries: 3, baseDelayMs: 5, maxDelayMs: 5000 };
const fetchOf = (policy = quick, prepare = async (r: Request) => r) => retrying(policy, (r) => fetch(r), prepare);
const post = (key?: string) =>
  new Request(`${server.url}/x`, {
    method: 'POST',
    body: '{"Name":"Box"}',
    headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
  });

describe('retryAfterMs', () => {
  it('reads seconds and an HTTP date; nothing for an absent or unreadable header', () => {
    const now = Date.parse('2026-11-20T08:00:00Z');
    expect(retryAfterMs('2', now)).toBe(2000);
    expect(retryAfterMs('Fri, 20 Nov 2026 08:00:03 GMT', now)).toBe(3000);
    expect(retryAfterMs('Fri, 20 Nov 2026 07:00:00 GMT', now)).toBe(0);
    expect([retryAfterMs(null), retryAfterMs(''), retryAfterMs('soon')]).toEqual([undefined, undefined, undefined]);
  });
});

describe('backoffMs', () => {
  it('doubles with each retry, waits half to all of it, never more than the longest wait', () => {
    const policy = { retries: 9, baseDelayMs: 100, maxDelayMs: 1000 };
    expect([0, 1, 2, 3, 4].map((retry) => backoffMs(policy, retry, () => 1))).toEqual([100, 200, 400, 800, 1000]);
    expect(backoffMs(policy, 2, () => 0)).toBe(200);
  });
});

describe('retrying', () => {
  it('asks again after a 503 and a 429 as their Retry-After says, the same body each time', async () => {
    server.script(
      { status: 503, headers: { 'retry-after': '1' } },
      { status: 429, headers: { 'retry-after': '0' } },
      { status: 200, body: '{}' },
    );
    const started = Date.now();
    const response = await fetchOf()(post('k-1'));
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(server.requests.map((r) => [r.method, r.body, r.headers['idempotency-key']])).toEqual([
      ['POST', '{"Name":"Box"}', 'k-1'],
      ['POST', '{"Name":"Box"}', 'k-1'],
      ['POST', '{"Name":"Box"}', 'k-1'],
    ]);
  });

  it('answers the last 503 once its retries are spent, and one whose Retry-After is longer than it waits', async () => {
    server.script(...Array.from({ length: 4 }, () => ({ status: 503 })));
    expect((await fetchOf()(post('k-2'))).status).toBe(503);
    expect(server.requests).toHaveLength(4);
    server.script({ status: 503, headers: { 'retry-after': '60' } });
    const started = Date.now();
    expect((await fetchOf()(post('k-3'))).status).toBe(503);
    expect([server.requests.length, Date.now() - started < 1000]).toEqual([1, true]);
  });

  it('asks nothing again for any other answer (a 500, a 409, a 412)', async () => {
    for (const status of [500, 409, 412]) {
      server.script({ status }, { status: 200 });
      expect((await fetchOf()(post('k-4'))).status).toBe(status);
      expect(server.requests).toHaveLength(1);
    }
  });

  it('asks a lost GET and a lost write with its key again; a lost write without one is thrown at once', async () => {
    let tries = 0;
    const losing = retrying(
      quick,
      async (request) => {
        tries += 1;
        if (tries === 1) throw new TypeError('fetch failed');
        return fetch(request);
      },
      async (r) => r,
    );
    server.script({ status: 200 });
    expect((await losing(new Request(`${server.url}/x`))).status).toBe(200);
    tries = 0;
    server.script({ status: 200 });
    expect((await losing(post('k-5'))).status).toBe(200);
    expect(server.requests.map((r) => r.headers['idempotency-key'])).toEqual(['k-5']);
    tries = 0;
    await expect(losing(post())).rejects.toThrow('fetch failed');
    expect(tries).toBe(1);
  });

  it('prepares each try anew (a fresh token each time)', async () => {
    let issued = 0;
    const withToken = async (request: Request) => {
      issued += 1;
      request.headers.set('authorization', `Bearer token-${issued}`);
      return request;
    };
    server.script({ status: 503, headers: { 'retry-after': '0' } }, { status: 200 });
    await fetchOf(quick, withToken)(new Request(`${server.url}/x`));
    expect(server.requests.map((r) => r.headers.authorization)).toEqual(['Bearer token-1', 'Bearer token-2']);
  });

  it('ends its wait when the request is aborted', async () => {
    server.script({ status: 503, headers: { 'retry-after': '10' } });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('gave up')), 100);
    const started = Date.now();
    await expect(
      fetchOf({ ...DEFAULT_RETRY, maxDelayMs: 20_000 })(new Request(`${server.url}/x`, { signal: controller.signal })),
    ).rejects.toThrow('gave up');
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
