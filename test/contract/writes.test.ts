/**
 * Writes under concurrency and retries, over HTTP on the local runtime: bulk creates in one
 * facility, creates spread over many tenants, a burst beside a quiet tenant (each at a size that
 * runs in seconds; `npm run bench` runs them at full size), and `Idempotency-Key`.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  call,
  containerPath,
  createDocument,
  documentsPath,
  errorOf,
  newTenant,
  settledTotal,
  token,
} from '../support/api';

type Tenant = ReturnType<typeof newTenant>;
const REPORT = '/maintenance-log/report-api/v1/maintenance-log-entries';
const entriesPath = (t: { client: string; facility: string }) =>
  `/maintenance-log/api/v1/${t.client}/${t.facility}/maintenance-log-entries`;
const entry = (i: number) => ({
  IncidentTitle: `Incident ${i}`,
  IncidentCause: 'Detector drift',
  IncidentDateStart: `2026-0${1 + (i % 9)}-1${i % 10} 08:00:00`,
});
const documentBody = (i: number) => ({
  Scope: 'DEVICE',
  ScopeReference: `dev-${i % 3}`,
  Filename: `report-${i}.pdf`,
  ...(i % 4 ? {} : { State: 'ARCHIVED' }),
});

/** Runs `count` tasks with at most `concurrency` at once; answers their results in order. */
async function pool<T>(count: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await task(i);
      }
    }),
  );
  return results;
}

const statuses = (responses: { status: number }[]) =>
  responses.reduce<Record<number, number>>((acc, r) => {
    acc[r.status] = (acc[r.status] ?? 0) + 1;
    return acc;
  }, {});

/** Every page of a paginated listing, walked to its last page. */
async function allPages(path: (page: number) => string, bearer: string, key: string): Promise<string[]> {
  const first = await call('GET', path(1), { token: bearer });
  const seen: string[] = first.body[key].map((i: { Uuid: string }) => i.Uuid);
  for (let page = 2; page <= first.body.CollectionConfiguration.LastPage; page++) {
    seen.push(...(await call('GET', path(page), { token: bearer })).body[key].map((i: { Uuid: string }) => i.Uuid));
  }
  return seen;
}

describe('concurrent writes', () => {
  it(
    '(a) bulk creates in one facility: none fails, and at rest every page together holds each exactly ' + 'once',
    async () => {
      const t = newTenant();
      const responses = await pool(120, 30, (i) =>
        call('POST', documentsPath(t), { token: t.token, body: documentBody(i) }),
      );
      expect(statuses(responses)).toEqual({ 200: 120 });
      const created = responses.map((r) => r.body.DocumentModel.Uuid as string);
      expect(await settledTotal(documentsPath(t, '/page/999999'), t.token, 120)).toBe(120);
      const pages = await allPages((p) => documentsPath(t, `/page/${p}`), t.token, 'DocumentModelCollection');
      expect(pages).toHaveLength(120);
      expect(new Set(pages)).toEqual(new Set(created));
      expect(await settledTotal(documentsPath(t, '/page/999999?State=ARCHIVED'), t.token, 30)).toBe(30);
      expect(await settledTotal(documentsPath(t, '/device/dev-1'), t.token, 40)).toBe(40);
    },
  );

  it('a record its creator has just created is on page 1 and in latest in the next request', async () => {
    const t = newTenant();
    await pool(30, 10, (i) => createDocument(t, documentBody(i)));
    for (let i = 0; i < 5; i++) {
      const made = (await createDocument(t, documentBody(i))).DocumentModel.Uuid;
      const page = (
        await call('GET', documentsPath(t, '/page/1'), { token: t.token })
      ).body.DocumentModelCollection.map((d: { Uuid: string }) => d.Uuid);
      const latest = (
        await call('GET', documentsPath(t, '/latest'), { token: t.token })
      ).body.DocumentModelCollection.map((d: { Uuid: string }) => d.Uuid);
      expect(page).toContain(made);
      expect(latest).toContain(made);
    }
  });

  it(
    '(b) log-entry creates spread over many tenants: none fails; each tenant and the reporter count ' + 'exactly',
    async () => {
      const tenants = Array.from({ length: 30 }, () => newTenant());
      const responses = await pool(90, 30, (i) =>
        call('POST', entriesPath(tenants[i % 30]!), {
          token: tenants[i % 30]!.token,
          body: { ...entry(i), IncidentDateStart: `2080-0${1 + (i % 9)}-1${i % 10} 08:00:00` },
        }),
      );
      expect(statuses(responses)).toEqual({ 200: 90 });
      for (const t of tenants) expect(await settledTotal(REPORT, t.token, 3)).toBe(3);
      // The reporter's all-tenant view (write-sharded) holds every one of them once. Other test files write entries
      // meanwhile (the reporter pagination test 105 of 2090, which sort before these of 2080): an insert before the
      // walk's position moves the pages under it, so a walk that met a move is walked again.
      const reporter = token({ roles: ['reporter'] });
      const made = new Set(responses.map((r) => r.body.MaintenanceLogEntryModel.Uuid as string));
      const walk = async () =>
        (await allPages((p) => `${REPORT}/page/${p}`, reporter, 'MaintenanceLogEntryModelCollection')).filter((uuid) =>
          made.has(uuid),
        );
      let ours = await walk();
      // Under a full suite the other files write meanwhile (the stream files their entries for a while after their
      // creates): up to ten walks half a second apart, to meet the pages still.
      for (
        let attempt = 1;
        attempt < 10 && (ours.length !== made.size || new Set(ours).size !== made.size);
        attempt++
      ) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        ours = await walk();
      }
      expect(ours.length).toBe(made.size);
      expect(new Set(ours).size).toBe(made.size);
    },
  );

  it("(c) a burst in one tenant never fails another tenant's writes", async () => {
    const busy = newTenant();
    const quiet = newTenant();
    const until = Date.now() + 3_000;
    let burst = 0;
    const burstErrors: number[] = [];
    const bursting = Promise.all(
      Array.from({ length: 10 }, async () => {
        while (Date.now() < until) {
          const r = await call('POST', entriesPath(busy), { token: busy.token, body: entry(burst++) });
          if (r.status !== 200) burstErrors.push(r.status);
        }
      }),
    );
    const quietResponses = [];
    for (let i = 0; i < 10; i++)
      quietResponses.push(await call('POST', entriesPath(quiet), { token: quiet.token, body: entry(i) }));
    await bursting;
    expect(burstErrors).toEqual([]);
    expect(statuses(quietResponses)).toEqual({ 200: 10 });
    expect(await settledTotal(REPORT, quiet.token, 10)).toBe(10);
    expect(await settledTotal(REPORT, busy.token, burst)).toBe(burst);
  });
});

describe('Idempotency-Key', () => {
  const create = (t: Tenant, key: string | undefined, body: Record<string, unknown>) =>
    call('POST', documentsPath(t), { token: t.token, body, headers: key ? { 'idempotency-key': key } : {} });

  it('the same key and body answer the first result and create nothing more', async () => {
    const t = newTenant();
    const key = randomUUID();
    const first = await create(t, key, documentBody(1));
    const again = await create(t, key, documentBody(1));
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body.DocumentModel).toEqual(first.body.DocumentModel);
    expect(await settledTotal(documentsPath(t, '/page/999999'), t.token, 1)).toBe(1);
    expect((await call('GET', documentsPath(t), { token: t.token })).body.DocumentModelCollection).toHaveLength(1);
  });

  it('the same key with another body is 409 and creates nothing', async () => {
    const t = newTenant();
    const key = randomUUID();
    expect((await create(t, key, documentBody(1))).status).toBe(200);
    const other = await create(t, key, documentBody(2));
    expect(other.status).toBe(409);
    expect(errorOf(other)).toMatchObject({ Message: 'idempotency.key_reused', Code: 40907 });
    expect((await call('GET', documentsPath(t), { token: t.token })).body.DocumentModelCollection).toHaveLength(1);
  });

  it('concurrent retries with one key create one record', async () => {
    const t = newTenant();
    const key = randomUUID();
    const responses = await Promise.all(Array.from({ length: 6 }, () => create(t, key, documentBody(3))));
    const ok = responses.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    // The others either waited for the first result or were told it is still in progress.
    for (const r of responses.filter((x) => x.status !== 200))
      expect([r.status, errorOf(r).Message]).toEqual([409, 'idempotency.in_progress']);
    expect(new Set(ok.map((r) => r.body.DocumentModel.Uuid)).size).toBe(1);
    expect((await call('GET', documentsPath(t), { token: t.token })).body.DocumentModelCollection).toHaveLength(1);
  });

  it('keys are per tenant, and without a key every POST creates', async () => {
    const a = newTenant();
    const b = newTenant();
    const key = randomUUID();
    const fromA = await create(a, key, documentBody(1));
    const fromB = await create(b, key, documentBody(1));
    expect(fromB.body.DocumentModel.Uuid).not.toBe(fromA.body.DocumentModel.Uuid);
    expect(fromB.body.DocumentModel.Facility).toBe(b.facility);
    await create(a, undefined, documentBody(1));
    await create(a, undefined, documentBody(1));
    expect((await call('GET', documentsPath(a), { token: a.token })).body.DocumentModelCollection).toHaveLength(3);
  });

  it('every POST route honours it: containers and log entries', async () => {
    const t = newTenant();
    const key = randomUUID();
    const box = await call('POST', containerPath(t), {
      token: t.token,
      body: { Name: 'Box' },
      headers: { 'idempotency-key': key },
    });
    const boxAgain = await call('POST', containerPath(t), {
      token: t.token,
      body: { Name: 'Box' },
      headers: { 'idempotency-key': key },
    });
    expect(boxAgain.status, JSON.stringify([box.status, box.body, boxAgain.body])).toBe(200);
    expect(boxAgain.body.ContainerModel.Uuid).toBe(box.body.ContainerModel.Uuid);
    const log = await call('POST', entriesPath(t), {
      token: t.token,
      body: entry(1),
      headers: { 'idempotency-key': key },
    });
    const logAgain = await call('POST', entriesPath(t), {
      token: t.token,
      body: entry(1),
      headers: { 'idempotency-key': key },
    });
    expect(logAgain.body.MaintenanceLogEntryModel.Uuid).toBe(log.body.MaintenanceLogEntryModel.Uuid);
    expect(await settledTotal(REPORT, t.token, 1)).toBe(1);
  });

  it('is scoped to the target: the same key and body on another container is a new request', async () => {
    const t = newTenant();
    const key = randomUUID();
    const boxes = [];
    for (const Name of ['X', 'Y', 'Z'])
      boxes.push((await call('POST', containerPath(t), { token: t.token, body: { Name } })).body.ContainerModel);
    const [x, y, z] = boxes as [{ Uuid: string }, { Uuid: string }, { Uuid: string }];
    // Z's contents are locked (it decays): the truth for Z is 409, whatever X answered.
    expect((await call('PUT', containerPath(t, z.Uuid), { token: t.token, body: { State: 'DECAY' } })).status).toBe(
      200,
    );
    const content = { Kind: 'CYCLOTRON_PRODUCT', ContentId: 'prod-1', Nuclide: 'F-18' };
    const add = (uuid: string) =>
      call('POST', `${containerPath(t, uuid)}/contents`, {
        token: t.token,
        body: content,
        headers: { 'idempotency-key': key },
      });
    const toX = await add(x.Uuid);
    const toY = await add(y.Uuid);
    expect([toX.status, toY.status], toY.text).toEqual([200, 200]);
    expect(toY.headers.get('etag')).toBe(`"${y.Uuid}.2"`);
    const contentsOf = async (uuid: string) =>
      (await call('GET', `${containerPath(t, uuid)}/contents`, { token: t.token })).body
        .ContainerContentModelCollection as { ContentId: string }[];
    expect((await contentsOf(y.Uuid)).map((c) => c.ContentId)).toEqual(['prod-1']);
    const toZ = await add(z.Uuid);
    expect([toZ.status, errorOf(toZ).Message]).toEqual([409, 'container.contents_locked']);
    // The same target again is a replay: exactly the first answer, nothing added twice.
    const replay = await add(x.Uuid);
    expect([replay.status, replay.body, replay.headers.get('etag')]).toEqual([200, toX.body, toX.headers.get('etag')]);
    expect(await contentsOf(x.Uuid)).toHaveLength(1);
  });

  it('is scoped to the caller: another person of the tenant with the same key and body creates their own', async () => {
    const t = newTenant();
    const alice = token({ clients: [t.client], facilities: [t.facility], sub: randomUUID(), name: 'Alice' });
    const bob = token({ clients: [t.client], facilities: [t.facility], sub: randomUUID(), name: 'Bob' });
    const key = randomUUID();
    const create = (bearer: string) =>
      call('POST', containerPath(t), { token: bearer, body: { Name: 'Box' }, headers: { 'idempotency-key': key } });
    const byAlice = await create(alice);
    const byBob = await create(bob);
    expect([byAlice.status, byBob.status]).toEqual([200, 200]);
    expect(byBob.body.ContainerModel.Uuid).not.toBe(byAlice.body.ContainerModel.Uuid);
    const history = await call('GET', `${containerPath(t, byBob.body.ContainerModel.Uuid)}/history`, { token: bob });
    expect(new Set(history.body.ContainerHistoryEntryModelCollection.map((e: { ByName: string }) => e.ByName))).toEqual(
      new Set(['Bob']),
    );
    // Each one's retry is still a replay of their own.
    expect((await create(alice)).body.ContainerModel.Uuid).toBe(byAlice.body.ContainerModel.Uuid);
    expect((await create(bob)).body.ContainerModel.Uuid).toBe(byBob.body.ContainerModel.Uuid);
  });

  it('a request answered with a 4xx stores nothing: the corrected retry with the same key runs', async () => {
    const t = newTenant();
    const key = randomUUID();
    const create = (body: Record<string, unknown>) =>
      call('POST', containerPath(t), { token: t.token, body, headers: { 'idempotency-key': key } });
    const refused = await create({ Name: 'Box', State: 'DECAY' });
    expect([refused.status, errorOf(refused).Message]).toEqual([409, 'container.initial_state']);
    const corrected = await create({ Name: 'Box' });
    expect(corrected.status, corrected.text).toBe(200);
    expect(corrected.body.ContainerModel.State).toBe('OPEN');
  });

  it('a malformed key is 400 naming the header', async () => {
    const t = newTenant();
    const r = await create(t, 'not a key!', documentBody(1));
    expect([r.status, errorOf(r).Details]).toEqual([
      400,
      ['Idempotency-Key: must be 1 to 128 letters, digits or _ . : -'],
    ]);
  });
});
