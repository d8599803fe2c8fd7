/**
 * A seeded hostile-input run over the route table (issue 9, deliver 8): every route gets requests
 * with hostile paths, query strings, headers, bodies and tokens from an attacker who holds a valid
 * token for a tenant of its own. Every answer must be below 500, JSON, carry `Notifications` and
 * show no stack trace or internal name; a victim tenant's stored items stay byte-identical. A request
 * with a query parameter its route does not declare, one given twice, or a JSON body naming a member
 * twice never succeeds (issue 19).
 * `HOSTILE_SEED=<n>` replays another run; a failure message names the seed and the request.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import path from 'node:path';
import { beforeAll, describe, expect, it, inject } from 'vitest';
import { issuerKeys, mintToken } from '../../infra/local/identity';
import { CONTAINER_MUTABLE_FIELDS } from '../../shared/domain/container-fields';
import { DOCUMENT_MUTABLE_FIELDS } from '../../shared/domain/document';
import { MAINTENANCE_MUTABLE_FIELDS } from '../../shared/domain/maintenance';
import { keys } from '../../shared/data/table';
import { docsOf } from '../../shared/openapi/routes-meta';
import { routes, type Route } from '../../shared/routes';
import { call, containerPath, createDocument, documentClient, newTenant, runtime, token } from '../support/api';

const SEED = Number(process.env.HOSTILE_SEED ?? 0x5eed9);
const PER_ROUTE = 36;
const CONCURRENCY = 8;
/** A route that answers a file (the contract, the docs page and its assets), not the Notifications envelope. */
const isDocument = (route: Route) => {
  const reply = docsOf(route).reply;
  return reply !== undefined && 'media' in reply;
};

/** mulberry32: a small seeded PRNG, so a run can be replayed. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick, chance: (p: number) => next() < p, int: (n: number) => Math.floor(next() * n) };
}

const victim = newTenant({ roles: ['rpo'], name: 'Victim' });
const attacker = newTenant({ roles: ['rpo'], name: 'Attacker' });
const victimIds: string[] = [];

/** Everything stored under the victim's partitions, in key order, as text. */
async function victimItems(): Promise<string> {
  const db = documentClient();
  const items: unknown[] = [];
  for (const pk of [keys.tenant(victim), `C#${victim.client}`]) {
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const out = await db.send(
        new QueryCommand({
          TableName: runtime().tableName,
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': pk },
          ConsistentRead: true,
          ExclusiveStartKey,
        }),
      );
      items.push(...(out.Items ?? []));
      ExclusiveStartKey = out.LastEvaluatedKey;
    } while (ExclusiveStartKey);
  }
  return JSON.stringify(items);
}

/** The victim's items once derived ones (counters, page buckets) have caught up: two equal reads in a row. */
async function settledVictimItems(): Promise<string> {
  let previous = await victimItems();
  for (let i = 0; i < 40; i++) {
    await new Promise((r) => setTimeout(r, 250));
    const current = await victimItems();
    if (current === previous) return current;
    previous = current;
  }
  return previous;
}

beforeAll(async () => {
  const container = await call('POST', containerPath(victim), {
    token: victim.token,
    body: { Name: 'Victim box', Weight: 12.5, MeasurementActivity: 1000 },
  });
  const document = await createDocument(victim, { Scope: 'DEVICE', ScopeReference: 'dev-v', Filename: 'victim.pdf' });
  const entry = await call(
    'POST',
    `/maintenance-log/api/v1/${victim.client}/${victim.facility}/maintenance-log-entries`,
    {
      token: victim.token,
      body: { IncidentTitle: 'Victim incident', IncidentCause: 'Cause', IncidentDateStart: '2026-01-01 08:00:00' },
    },
  );
  victimIds.push(
    container.body.ContainerModel.Uuid,
    document.DocumentModel.Uuid,
    entry.body.MaintenanceLogEntryModel.Uuid,
  );
  // The attacker owns a container, so some hostile requests get as far as its own data.
  const own = await call('POST', containerPath(attacker), { token: attacker.token, body: { Name: 'Attacker box' } });
  victimIds.push(own.body.ContainerModel.Uuid);
});

/** Tokens an attacker can present: none of them grants anything on the victim's tenant. */
function tokens() {
  const keyPair = issuerKeys(path.join(inject('localDir'), 'issuer'));
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const victimClaims = {
    clients: [victim.client],
    facilities: [victim.facility],
    roles: ['rpo', 'reporter', 'operator'],
  };
  const [header, , signature] = attacker.token.split('.') as [string, string, string];
  const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const forgedPayload = enc({ sub: randomUUID(), exp: Math.floor(Date.now() / 1000) + 600, ...victimClaims });
  return [
    undefined,
    `Bearer ${attacker.token}`,
    `Bearer ${attacker.token}`,
    `Bearer ${token({ roles: ['reporter'] })}`,
    `Bearer ${token({ clients: [attacker.client], facilities: [attacker.facility], roles: ['operator'] })}`,
    `Bearer ${token({ clients: [attacker.client], facilities: [attacker.facility], ttl: -30 })}`,
    `Bearer ${mintToken(victimClaims, { kid: keyPair.kid, privateKey })}`,
    `Bearer ${header}.${forgedPayload}.${signature}`,
    `Bearer ${enc({ alg: 'none', typ: 'JWT', kid: keyPair.kid })}.${forgedPayload}.`,
    `Bearer ${enc({ alg: 'HS256', typ: 'JWT', kid: keyPair.kid })}.${forgedPayload}.${signature}`,
    `Bearer ${attacker.token}=`,
    `bearer  ${attacker.token}`,
    'Bearer ',
    'Bearer a.b.c',
    'Basic dXNlcjpwYXNz',
    `Bearer ${'A'.repeat(8 * 1024)}`,
    `Bearer ${'A'.repeat(100 * 1024)}`,
  ];
}

const LONG = 'x'.repeat(5000);
const HOSTILE_SEGMENTS = [
  '%',
  '%ZZ',
  '%E0%A4%A',
  '%ED%A0%80',
  '%00',
  '%2F',
  '..',
  '..%2F..%2Fetc',
  'C%23x%23F%23y',
  '%F0%9F%A7%AA',
  'a%20b',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  LONG,
  '-',
  '_',
  'A'.repeat(36),
  'A'.repeat(37),
  '%C3%A9',
  '*',
  '%2A',
  '1;DROP',
  'a.b',
];
const PAGES = [
  '0',
  '-1',
  '1',
  '2',
  '1e3',
  '01',
  '1.5',
  'NaN',
  'Infinity',
  '21474837',
  '1000001',
  '9007199254740991',
  '9007199254740993',
  '99999999999999999999999',
];
const QUERIES = [
  '',
  '',
  '',
  '',
  '',
  '',
  '?State=ACTIVE',
  '?State=ARCHIVED',
  '?State=',
  '?State=active',
  '?State=ACTIVE&State=ARCHIVED',
  '?State=%ED%A0%80',
  '?State=%',
  `?State=${LONG}`,
  '?dryRun=1',
  '?dryRun=TRUE',
  '?dryRun=yes',
  '?dryRun=',
  '?dryRun=true&dryRun=false',
  '?dry-run=0',
  '?from=../../',
  '?from=exports/x/',
  '?from=%00',
  '?__proto__=1',
  '?foo=bar',
  '?state=ACTIVE',
  '?dryrun=true',
  '?DryRun=true',
  '?dry_run=true',
  '?dryRun=true&dry-run=false',
  '?dryRun=true&dryRun=true',
  '?from=exports/x/&from=exports/y/',
];
/** Parameters no route declares, added to a query now and then. */
const UNDECLARED = ['foo', 'state', 'dryrun', 'DryRun', 'dry-run', 'dry_run', 'page', 'uuid', 'Name', '', '%00'];
/**
 * Query strings that keep an operator token from starting anything: each has a flag that is not exactly true or false.
 */
const REFUSED_FLAGS = [
  '?dryRun=1',
  '?dryRun=TRUE',
  '?dryRun=yes',
  '?dryRun=',
  '?dryRun=true&dryRun=false',
  '?dry-run=0&from=exports/x/',
];

const MEMBERS = [
  ...new Set([...CONTAINER_MUTABLE_FIELDS, ...DOCUMENT_MUTABLE_FIELDS, ...MAINTENANCE_MUTABLE_FIELDS]),
  'Uuid',
  'CreatedAt',
  'File',
  'Colour',
  '__proto__',
  'constructor',
  '',
];
const VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  5e-324,
  // biome-ignore lint/correctness/noPrecisionLoss: a number above 2^53, the kind a client may send
  9007199254740993,
  -0,
  'x',
  '',
  ' ',
  'é',
  '🧪',
  'x\ud800',
  '\udfffy',
  'a\u0000b',
  'a/b',
  '..\\x',
  'x'.repeat(200),
  'x'.repeat(600),
  'OPEN',
  'DECAY',
  'DISPATCHED',
  'DISPOSED',
  'SOLVED',
  'ONGOING',
  'ACTIVE',
  'ARCHIVED',
  'DEVICE',
  'RECORD',
  'DOCUMENT_FOLDER',
  '2026-01-01 08:00:00',
  '2026-02-30 08:00:00',
  '2026-01-01T08:00:00Z',
  '9999-12-31 23:59:59',
  'ref-1',
  'C#x#F#y',
  {},
  { a: { b: [1] } },
  [],
  [1, 2],
];
const RAW_BODIES: (string | Uint8Array)[] = [
  '',
  'not json',
  '{',
  '[]',
  '"text"',
  'null',
  '0',
  '{"Name":"a","Name":"b"}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
  '{"Weight":1e400}',
  '{"Weight":-1e400}',
  '{"Name":"x\\ud800"}',
  '\ufeff{"Name":"bom"}',
  `{"Name":"${'y'.repeat(70 * 1024)}"}`,
  new Uint8Array([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]),
  new Uint8Array([0x7b, 0x22, 0x4e, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]),
];
const CONTENT_TYPES = [
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/vnd.api+json',
  '',
];
const LANGUAGES = [
  'de',
  'en',
  'de-AT;q=0.9, en;q=0.1',
  '*;q=NaN',
  'de;q=2',
  'xx',
  ';;;,',
  `${'de,'.repeat(500)}en`,
  'DE;Q=1',
];
const IF_MATCHES = ['*', '"x"', 'W/"1"', '""', `"${'a'.repeat(3000)}"`, 'null', '"1", "2"'];

interface Case {
  route: Route;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** Why the request must not succeed whatever else it holds: an undeclared or repeated parameter, a member twice. */
  refused?: string;
}

/** What in a query the route does not take: a parameter it does not declare, or one given twice. */
function refusedQuery(route: Route, query: string): string | undefined {
  const names = [...new URLSearchParams(query)].map(([name]) => name);
  const undeclared = names.find((name) => !Object.hasOwn(route.query ?? {}, name));
  if (undeclared !== undefined) return `undeclared parameter ${undeclared}`;
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  return twice === undefined ? undefined : `parameter ${twice} twice`;
}

function buildCases(): Case[] {
  const random = prng(SEED);
  const presented = tokens();
  const cases: Case[] = [];
  for (const route of routes) {
    for (let i = 0; i < PER_ROUTE; i++) {
      const operatorToken = presented[4]!;
      // Half the requests carry the attacker's valid token, so they reach validation and the data.
      let authorization = random.chance(0.5) ? presented[1] : random.pick(presented);
      const segment = (name: string) => {
        if (name === 'page') return random.chance(0.8) ? random.pick(PAGES) : random.pick(HOSTILE_SEGMENTS);
        if (name === 'clientUuid')
          return random.chance(0.8) ? attacker.client : random.pick([victim.client, ...HOSTILE_SEGMENTS]);
        if (name === 'facilityUuid')
          return random.chance(0.8) ? attacker.facility : random.pick([victim.facility, ...HOSTILE_SEGMENTS]);
        return random.chance(0.5)
          ? random.pick(victimIds)
          : random.chance(0.4)
            ? randomUUID()
            : random.pick(HOSTILE_SEGMENTS);
      };
      let filled = route.path.replace(/\{(\w+)\}/g, (_, name: string) => segment(name));
      if (random.chance(0.1)) filled += random.pick(['/', '/extra', '//', '/%', '/..']);
      let query = random.pick(QUERIES);
      // An operator token never reaches an operation that would run: its query always has a refused flag.
      if (route.auth === 'operator' && authorization === operatorToken) query = random.pick(REFUSED_FLAGS);
      // Now and then a parameter the route does not declare, or one it declares given twice.
      if (random.chance(0.25)) {
        const declared = Object.keys(route.query ?? {});
        const name = declared.length && random.chance(0.5) ? random.pick(declared) : random.pick(UNDECLARED);
        const value = random.pick(['true', 'false', 'ACTIVE', 'exports/x/', '']);
        const extra = Array.from({ length: declared.includes(name) ? 2 : 1 }, () => `${name}=${value}`).join('&');
        query = query ? `${query}&${extra}` : `?${extra}`;
      }
      const refused: string[] = [];
      if (route.auth !== 'operator' && authorization === operatorToken) authorization = presented[1];
      const headers: Record<string, string> = {};
      if (authorization !== undefined) headers.authorization = authorization;
      if (random.chance(0.5)) headers['accept-language'] = random.pick(LANGUAGES);
      if (random.chance(0.2)) headers['if-match'] = random.pick(IF_MATCHES);
      if (random.chance(0.1)) headers['x-forwarded-proto'] = random.pick(['javascript', 'ftp', '']);
      if (random.chance(0.1)) headers['idempotency-key'] = random.pick(['k', '', 'x'.repeat(300), randomUUID()]);
      if (random.chance(0.05)) headers['x-hostile'] = 'y'.repeat(12 * 1024);
      const method = random.chance(0.05) ? random.pick(['PATCH', 'HEAD', 'OPTIONS']) : route.method;
      // On the route's own method (another is no route, or a CORS preflight).
      const queryProblem = method === route.method ? refusedQuery(route, query.slice(1)) : undefined;
      if (queryProblem) refused.push(queryProblem);
      let body: string | Uint8Array | undefined;
      if (route.method === 'POST' || route.method === 'PUT' || random.chance(0.05)) {
        if (random.chance(0.25)) body = random.pick(RAW_BODIES);
        else {
          const object: Record<string, unknown> = {};
          for (let m = 0, n = 1 + random.int(5); m < n; m++) object[random.pick(MEMBERS)] = random.pick(VALUES);
          body = JSON.stringify(object);
          // Now and then one of its members once more, with the same or another value.
          const names = Object.keys(object);
          if (names.length && random.chance(0.2)) {
            const name = random.pick(names);
            const again = random.chance(0.5) ? object[name] : random.pick(VALUES);
            body = `${body.slice(0, -1)},${JSON.stringify(name)}:${JSON.stringify(again)}}`;
            if (method === route.method && (method === 'POST' || method === 'PUT'))
              refused.push(`member ${name} twice`);
          }
        }
        const type = random.pick(CONTENT_TYPES);
        if (type) headers['content-type'] = type;
      }
      // fetch sends no body with GET or HEAD.
      if (method === 'GET' || method === 'HEAD') body = undefined;
      cases.push({
        route,
        method,
        path: `${filled}${query}`,
        headers,
        ...(body !== undefined ? { body } : {}),
        ...(refused.length ? { refused: refused.join(', ') } : {}),
      });
    }
  }
  return cases;
}

/** What must never reach a client: stack frames, source paths, error class names, storage key formats. */
const LEAKS = new RegExp(
  [
    String.raw`\bat \S+ \(`,
    'node:internal',
    'node_modules',
    String.raw`\/work\/`,
    String.raw`\.[cm]?[jt]s:\d+`,
    String.raw`\b[A-Z][A-Za-z]*(Error|Exception)\b`,
    String.raw`\bG\dPK\b`,
    '"PK"',
    '"SK"',
    'C#[0-9a-f-]{8}',
  ].join('|'),
);

async function send(c: Case) {
  try {
    const response = await fetch(`${runtime().apiUrl}${c.path}`, {
      method: c.method,
      headers: c.headers,
      ...(c.body !== undefined ? { body: c.body } : {}),
    });
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      text: await response.text(),
    };
  } catch (error) {
    return { status: -1, contentType: '', text: String((error as Error).cause ?? error) };
  }
}

describe(`hostile input over every route (seed ${SEED})`, () => {
  it(`${routes.length * PER_ROUTE} requests: every answer below 500, JSON with Notifications, nothing internal; the ` +
    `victim's data unchanged`, async () => {
    const before = await settledVictimItems();
    const cases = buildCases();
    const problems: string[] = [];
    const statuses: Record<number, number> = {};
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < cases.length) {
          const c = cases[next++]!;
          const r = await send(c);
          statuses[r.status] = (statuses[r.status] ?? 0) + 1;
          const where =
            `${c.method} ${c.path.slice(0, 200)} [${c.route.operation}] ` +
            `auth=${(c.headers.authorization ?? '-').slice(0, 20)} body=${String(c.body ?? '').slice(0, 80)}`;
          if (c.refused && r.status >= 200 && r.status < 300)
            problems.push(`${r.status} despite ${c.refused}: ${where}: ${r.text.slice(0, 200)}`);
          if (r.status === 503) continue; // a dependency down is not this test's subject
          if (r.status < 100 || r.status >= 500) problems.push(`${r.status} ${where}: ${r.text.slice(0, 200)}`);
          else if (c.method === 'HEAD' || r.status === 204)
            continue; // no body by definition (HEAD; CORS preflight)
          else if (r.status === 200 && isDocument(c.route)) {
            // The contract, the docs page and its assets are documents, not envelopes; the contract is still checked
            // for leaks.
            const leak = /json/.test(r.contentType) ? LEAKS.exec(r.text) : null;
            if (leak) problems.push(`leaks "${leak[0]}" (${r.status}) ${where}: ${r.text.slice(0, 300)}`);
          } else {
            let body: { Notifications?: unknown } | undefined;
            try {
              body = JSON.parse(r.text) as { Notifications?: unknown };
            } catch {
              body = undefined;
            }
            if (!/^application\/json/.test(r.contentType) || !body || !Array.isArray(body.Notifications))
              problems.push(`not JSON with Notifications (${r.status}) ${where}: ${r.text.slice(0, 200)}`);
            const leak = LEAKS.exec(r.text);
            if (leak) problems.push(`leaks "${leak[0]}" (${r.status}) ${where}: ${r.text.slice(0, 300)}`);
          }
        }
      }),
    );
    expect(
      problems,
      `seed ${SEED}: ${problems.length} of ${cases.length} answers wrong (statuses ${JSON.stringify(statuses)})`,
    ).toEqual([]);
    // The run reached the handlers, not only the gateway and the token check, and refused input among it.
    expect(Object.keys(statuses).map(Number)).toEqual(expect.arrayContaining([200, 400, 401, 403, 404]));
    expect(cases.filter((c) => c.refused?.includes('parameter')).length).toBeGreaterThan(routes.length);
    expect(cases.filter((c) => c.refused?.includes('member')).length).toBeGreaterThan(10);
    expect(await settledVictimItems()).toBe(before);
  }, 120_000);
});
