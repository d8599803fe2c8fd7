/** The maintenance log over HTTP: writes and the SOLVED rule, names, tenancy of the report, pagination. */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAINTENANCE_FIELDS } from '../../shared/domain/maintenance';
import { keys } from '../../shared/data/table';
import {
  call,
  documentClient,
  errorOf,
  newTenant,
  runtime,
  settledTotal,
  token,
  type ApiResponse,
} from '../support/api';

type Tenant = { client: string; facility: string; token: string };
const REPORT = '/maintenance-log/report-api/v1/maintenance-log-entries';
const entriesPath = (t: { client: string; facility: string }, uuid?: string) =>
  `/maintenance-log/api/v1/${t.client}/${t.facility}/maintenance-log-entries${uuid ? `/${uuid}` : ''}`;
const base = {
  IncidentTitle: 'PET/CT: table stuck',
  IncidentCause: 'Table drive reports an end-stop fault',
  IncidentDateStart: '2026-10-01 09:00:00',
};
const solved = {
  State: 'SOLVED',
  IncidentSolution: 'End-stop switch replaced',
  IncidentDateEnd: '2026-10-01 12:30:00',
};

async function create(t: Tenant, body: Record<string, unknown> = {}) {
  const r = await call('POST', entriesPath(t), { token: t.token, body: { ...base, ...body } });
  if (r.status !== 200) throw new Error(`${r.status} ${r.text}`);
  return r.body.MaintenanceLogEntryModel as Record<string, any>;
}
const uuids = (r: ApiResponse) => r.body.MaintenanceLogEntryModelCollection.map((e: { Uuid: string }) => e.Uuid);
const configOf = (r: ApiResponse) => r.body.CollectionConfiguration;
const date = (i: number, year = 2025) =>
  new Date(Date.UTC(year, 0, 1) + i * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

describe('writes', () => {
  const t = newTenant({ sub: 'person-rep', name: 'Rita Reporter' });

  it('creates with defaults: State ONGOING, Reporter the caller, names from the directory', async () => {
    const r = await call('POST', entriesPath(t), { token: t.token, body: base });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(['MaintenanceLogEntryModel', 'Notifications']);
    const e = r.body.MaintenanceLogEntryModel;
    expect(Object.keys(e)).toEqual([...MAINTENANCE_FIELDS]);
    expect(e).toMatchObject({
      Client: t.client,
      Facility: t.facility,
      State: 'ONGOING',
      Reporter: 'person-rep',
      ReporterName: 'Rita Reporter',
      Solver: null,
      SolverName: null,
      Device: null,
      DeviceName: null,
      IncidentSolution: null,
      IncidentDateEnd: null,
      ...base,
    });
    expect(r.body.Notifications[0]).toMatchObject({ Type: 'Success', Message: 'maintenance.created' });
  });

  it('SOLVED needs a solution, an end and a solver; the end may not lie before the start', async () => {
    const e = await create(t);
    const missing = await call('PUT', entriesPath(t, e.Uuid), { token: t.token, body: { State: 'SOLVED' } });
    expect(missing.status).toBe(400);
    expect(errorOf(missing).Details).toEqual([
      'IncidentSolution: is required when State is SOLVED',
      'IncidentDateEnd: is required when State is SOLVED',
      'Solver: is required when State is SOLVED',
    ]);
    const early = await call('PUT', entriesPath(t, e.Uuid), {
      token: t.token,
      body: { ...solved, Solver: 'person-rep', IncidentDateEnd: '2026-09-30 23:59:59' },
    });
    expect(errorOf(early).Details).toEqual(['IncidentDateEnd: must not lie before IncidentDateStart']);
    const solver = token({ clients: [t.client], facilities: [t.facility], sub: 'person-sol', name: 'Sam Solver' });
    const done = await call('PUT', entriesPath(t, e.Uuid), {
      token: solver,
      body: { ...solved, Solver: 'person-sol' },
    });
    expect(done.status, done.text).toBe(200);
    expect(done.body.MaintenanceLogEntryModel).toMatchObject({
      Solver: 'person-sol',
      SolverName: 'Sam Solver',
      ReporterName: 'Rita Reporter',
      ...solved,
    });
    // Clearing the solution of a SOLVED entry breaks the rule; reopening it first does not.
    expect(
      (await call('PUT', entriesPath(t, e.Uuid), { token: t.token, body: { IncidentSolution: null } })).status,
    ).toBe(400);
    expect(
      (
        await call('PUT', entriesPath(t, e.Uuid), {
          token: t.token,
          body: { State: 'ONGOING', IncidentSolution: null },
        })
      ).status,
    ).toBe(200);
  });

  it('enforces the sizes of §2.5 and refuses unknown members; read-only members are ignored', async () => {
    const r = await call('POST', entriesPath(t), {
      token: t.token,
      body: {
        IncidentTitle: 'x'.repeat(65),
        IncidentCause: 'c'.repeat(513),
        IncidentSolution: 's'.repeat(513),
        IncidentDateStart: '2026-02-30 10:00:00',
        Device: 'd'.repeat(37),
      },
    });
    expect(errorOf(r).Details).toEqual([
      'Device: must be an identifier of 1 to 36 letters, digits, hyphens or underscores',
      'IncidentTitle: must have at most 64 characters',
      'IncidentCause: must have at most 512 characters',
      'IncidentSolution: must have at most 512 characters',
      'IncidentDateStart: must be a real UTC date and time as YYYY-MM-DD HH:MM:SS',
    ]);
    expect(
      (
        await call('POST', entriesPath(t), {
          token: t.token,
          body: { ...base, IncidentTitle: 't'.repeat(64), IncidentCause: 'c'.repeat(512) },
        })
      ).status,
    ).toBe(200);
    expect(
      errorOf(await call('POST', entriesPath(t), { token: t.token, body: { ...base, Priority: 'high' } })).Details,
    ).toEqual(['Priority: unknown member']);
    expect(
      errorOf(await call('POST', entriesPath(t), { token: t.token, body: { IncidentTitle: 'x' } })).Details,
    ).toEqual(['IncidentCause: is required', 'IncidentDateStart: is required']);
    const ignored = await call('POST', entriesPath(t), {
      token: t.token,
      body: { ...base, ReporterName: 'Someone else', Uuid: 'mine' },
    });
    expect(ignored.body.MaintenanceLogEntryModel.ReporterName).toBe('Rita Reporter');
    expect(ignored.body.Notifications[1].Details).toEqual([
      'ReporterName: read-only, ignored',
      'Uuid: read-only, ignored',
    ]);
  });

  it('DeviceName comes from the device directory', async () => {
    const device = randomUUID();
    await documentClient().send(
      new PutCommand({
        TableName: runtime().tableName,
        Item: {
          PK: keys.client(t.client),
          SK: keys.device(device),
          Type: 'Device',
          Uuid: device,
          Name: 'Gamma camera 2',
        },
      }),
    );
    const e = await create(t, { Device: device });
    expect(e.DeviceName).toBe('Gamma camera 2');
    expect((await create(t, { Device: randomUUID() })).DeviceName).toBeNull();
  });

  it("404 for another tenant's entry; 403 for a tenant not in the token", async () => {
    const e = await create(t);
    const other = newTenant();
    expect(
      errorOf(await call('PUT', entriesPath(other, e.Uuid), { token: other.token, body: { IncidentTitle: 'x' } }))
        .Message,
    ).toBe('maintenance.not_found');
    expect(
      (await call('PUT', entriesPath(t, e.Uuid), { token: other.token, body: { IncidentTitle: 'x' } })).status,
    ).toBe(403);
    expect((await call('POST', entriesPath(t), { token: other.token, body: base })).status).toBe(403);
  });
});

describe('report tenancy', () => {
  it(
    "returns the entries of the token's facilities only, exactly counted across several; reporter sees every tenant; " +
      'no token 401',
    async () => {
      const client = randomUUID();
      const [f1, f2, f3] = [randomUUID(), randomUUID(), randomUUID()];
      const owner = (f: string) => ({ client, facility: f, token: token({ clients: [client], facilities: [f] }) });
      const made = { f1: [] as string[], f2: [] as string[], f3: [] as string[] };
      for (let i = 0; i < 6; i++) {
        const [e1, e2, e3] = await Promise.all([
          create(owner(f1), { IncidentDateStart: date(i * 3) }),
          create(owner(f2), { IncidentDateStart: date(i * 3 + 1) }),
          create(owner(f3), { IncidentDateStart: date(i * 3 + 2) }),
        ]);
        made.f1.push(e1.Uuid);
        made.f2.push(e2.Uuid);
        made.f3.push(e3.Uuid);
      }
      // Counts follow the writes: at rest within 5 s; the entries are listed at once.
      expect(await settledTotal(REPORT, owner(f1).token, 6)).toBe(6);
      const one = await call('GET', REPORT, { token: owner(f1).token });
      expect(uuids(one)).toEqual([...made.f1].reverse());
      expect(configOf(one).TotalCount).toBe(6);
      await settledTotal(REPORT, owner(f2).token, 6);
      const two = token({ clients: [client], facilities: [f1, f2] });
      const both = await call('GET', `${REPORT}/page/1`, { token: two });
      const expected = made.f1.flatMap((u, i) => [u, made.f2[i]!]).reverse();
      expect(uuids(both)).toEqual(expected);
      expect(configOf(both)).toMatchObject({ TotalCount: 12, LastPage: 1, IsPaginated: true });
      expect(uuids(both)).not.toEqual(expect.arrayContaining([made.f3[0]]));
      const reporter = await call('GET', REPORT, { token: token({ roles: ['reporter'] }) });
      expect(uuids(reporter)).toEqual(expect.arrayContaining([...made.f1, ...made.f2, ...made.f3]));
      expect(configOf(reporter).TotalCount).toBeGreaterThanOrEqual(18);
      expect((await call('GET', REPORT)).status).toBe(401);
      expect(uuids(await call('GET', REPORT, { token: token({ clients: [randomUUID()], facilities: [f1] }) }))).toEqual(
        [],
      );
    },
  );
});

describe.each([0, 1, 100, 101])('a facility with %i entries', (n) => {
  const t = newTenant();
  let expected: string[] = [];

  it('find and pages list every entry once, newest incident first, with every configuration field right', async () => {
    const made: { Uuid: string; IncidentDateStart: string }[] = [];
    for (let i = 0; i < n; i += 10) {
      // Dates out of creation order, some equal (then Uuid decides).
      made.push(
        ...((await Promise.all(
          Array.from({ length: Math.min(10, n - i) }, (_, j) =>
            create(t, { IncidentDateStart: date(((i + j) * 7) % 53) }),
          ),
        )) as never[]),
      );
    }
    expected = made
      .sort((a, b) =>
        a.IncidentDateStart === b.IncidentDateStart
          ? a.Uuid < b.Uuid
            ? 1
            : -1
          : a.IncidentDateStart < b.IncidentDateStart
            ? 1
            : -1,
      )
      .map((e) => e.Uuid);
    expect(await settledTotal(REPORT, t.token, n)).toBe(n);
    const find = await call('GET', REPORT, { token: t.token });
    expect(uuids(find)).toEqual(expected);
    expect(configOf(find)).toMatchObject({
      CollectionModelName: 'MaintenanceLogEntryModelCollection',
      IsPaginated: false,
      TotalCount: n,
      FirstIndex: 0,
      LastIndex: n - 1,
    });
    const last = Math.max(1, Math.ceil(n / 100));
    const seen: string[] = [];
    for (let page = 1; page <= last + 1; page++) {
      const r = await call('GET', `${REPORT}/page/${page}/`, { token: t.token });
      const count = page <= last ? Math.min(100, n - (page - 1) * 100) : 0;
      const c = configOf(r);
      const endpoint = (p: number) =>
        expect.stringMatching(new RegExp(`^http://127\\.0\\.0\\.1:\\d+${REPORT}/page/${p}$`));
      expect(c).toEqual({
        CollectionModelName: 'MaintenanceLogEntryModelCollection',
        IsPaginated: true,
        MaxItemsPerPage: 100,
        CurrentPage: page,
        FirstPage: 1,
        LastPage: last,
        PreviousPage: Math.min(Math.max(page - 1, 1), last),
        NextPage: Math.min(page + 1, last),
        CurrentPageEndpoint: endpoint(page),
        FirstPageEndpoint: endpoint(1),
        LastPageEndpoint: endpoint(last),
        PreviousPageEndpoint: endpoint(Math.min(Math.max(page - 1, 1), last)),
        NextPageEndpoint: endpoint(Math.min(page + 1, last)),
        // A page past the end starts at the end of the collection.
        FirstIndex: Math.min((page - 1) * 100, n),
        LastIndex: Math.min((page - 1) * 100, n) + count - 1,
        TotalCount: n,
      });
      seen.push(...uuids(r));
    }
    expect(seen).toEqual(expected);
    expect(uuids(await call('GET', `${REPORT}/page`, { token: t.token }))).toEqual(expected.slice(0, 100));
  });
});

describe('reporter pagination', () => {
  it('walks the all-tenant collection through its page buckets, in order', async () => {
    const t = newTenant();
    const made: string[] = [];
    // Far-future incidents stay near the front while other tests add today's entries. Another file's concurrent writes
    // (test/contract/writes.test.ts, a later year still, so these never move its pages) may sort before them and move
    // them down between two pages: the walk goes on until all are seen, and a repeat is the same entry seen again.
    for (let i = 0; i < 105; i += 15)
      made.push(
        ...(
          await Promise.all(
            Array.from({ length: Math.min(15, 105 - i) }, (_, j) =>
              create(t, { IncidentDateStart: date(i + j, 2089) }),
            ),
          )
        ).map((e) => e.Uuid),
      );
    const reporter = token({ roles: ['reporter'] });
    const ours = new Set(made);
    const newestFirst = [...made].reverse();
    const seen = new Set<string>();
    let last: ApiResponse | undefined;
    // Other files' writes and repairs of the shared pages may also move ours up between two pages, so one walk can
    // miss an entry: walk again until every one was seen. Within every walk ours come newest first.
    for (let walk = 0; walk < 3 && seen.size < made.length; walk++) {
      const order: string[] = [];
      for (let page = 1; page <= 5 && order.length < made.length; page++) {
        last = await call('GET', `${REPORT}/page/${page}`, { token: reporter });
        // A page's items come from every tenant, the fault matrix's too (test/contract/faults.test.ts): a read that
        // meets one of its injected faults answers 503 with Retry-After, and a reporter asks again, as a client does.
        for (let again = 0; last.status === 503 && again < 5; again++) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          last = await call('GET', `${REPORT}/page/${page}`, { token: reporter });
        }
        expect(last.status, last.text).toBe(200);
        for (const uuid of uuids(last)) if (ours.has(uuid) && !order.includes(uuid)) order.push(uuid);
      }
      expect(order).toEqual(newestFirst.filter((uuid) => order.includes(uuid)));
      for (const uuid of order) seen.add(uuid);
    }
    expect(seen.size).toBe(made.length);
    expect(configOf(last!).TotalCount).toBeGreaterThanOrEqual(105);
    expect((await call('GET', `${REPORT}/page/0`, { token: reporter })).status).toBe(400);
  });
});
