/**
 * Issue 19's input findings over HTTP: a request does what it says or nothing. Every route takes exactly the query
 * parameters it declares (each once, flags exactly true or false), and a /service route never starts an execution on
 * anything else; a JSON body with a member given twice is 400; error details are bounded.
 */
import { DescribeExecutionCommand, ListExecutionsCommand, SFNClient } from '@aws-sdk/client-sfn';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { LOCAL_CREDENTIALS } from '../../infra/local/emulators';
import { stateMachineArnOf } from '../../infra/local/environment';
import { VARIABLES } from '../../shared/config';
import { routes, type Route } from '../../shared/routes';
import { call, containerPath, documentsPath, errorOf, newTenant, runtime, token } from '../support/api';
import { apiEvent } from '../support/events';
import { fillPath } from '../support/routes';

const operator = token({ roles: ['operator'] });
const tenant = newTenant();
/** A token that may call the route: the operator's, or the tenant's with the roles the route asks for. */
const bearerOf = (route: Route) =>
  route.auth === 'operator'
    ? operator
    : route.auth === 'public'
      ? undefined
      : route.roles
        ? token({ clients: [tenant.client], facilities: [tenant.facility], roles: [...route.roles] })
        : tenant.token;
const pathOf = (route: Route) =>
  fillPath(route, { clientUuid: tenant.client, facilityUuid: tenant.facility, asset: 'docs.js' });
const request = (route: Route, query: string) => {
  const bearer = bearerOf(route);
  return call(route.method, `${pathOf(route)}${query}`, bearer ? { token: bearer } : {});
};

describe('query parameters: every route takes exactly what it declares', () => {
  it.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s refuses an undeclared parameter with 400 naming it',
    async (_, route) => {
      const r = await request(route, '?foo=bar');
      expect(r.status, r.text).toBe(400);
      expect(errorOf(r).Details).toContain('foo: is not a parameter of this route');
    },
  );

  it.each(
    routes.flatMap((route) =>
      Object.keys(route.query ?? {}).map((name) => [`${route.method} ${route.path}`, name, route] as const),
    ),
  )('%s refuses its parameter %s given twice', async (_, name, route) => {
    const r = await request(route, `?${name}=true&${name}=true`);
    expect(r.status, r.text).toBe(400);
    expect(errorOf(r).Details).toContain(`${name}: is given more than once`);
  });

  it('a misspelled or repeated filter on a listing is 400, never the unfiltered list', async () => {
    for (const [query, detail] of [
      ['/page?state=ACTIVE', 'state: is not a parameter of this route'],
      ['/page/1?State=ACTIVE&State=ARCHIVED', 'State: is given more than once'],
      ['?State=ARCHIVED&State=ACTIVE', 'State: is given more than once'],
      ['/latest?Status=ACTIVE', 'Status: is not a parameter of this route'],
    ] as const) {
      const r = await call('GET', documentsPath(tenant, query), {
        token: tenant.token,
        headers: { 'accept-language': 'de' },
      });
      expect(r.status, `${query}: ${r.text}`).toBe(400);
      expect(errorOf(r).Details).toEqual([
        detail
          .replace('is not a parameter of this route', 'ist kein Parameter dieser Route')
          .replace('is given more than once', 'ist mehrfach angegeben'),
      ]);
    }
    // Declared and given once, the filter still narrows.
    expect((await call('GET', documentsPath(tenant, '/page?State=ACTIVE'), { token: tenant.token })).status).toBe(200);
  });

  it('a /service route starts nothing on a misspelled, unknown or repeated flag', async () => {
    const sfn = new SFNClient({
      endpoint: runtime().stepFunctionsEndpoint,
      region: runtime().region,
      credentials: LOCAL_CREDENTIALS,
    });
    const stateMachineArn = stateMachineArnOf('removeInvalidRecords');
    const executions = async () =>
      new Set(
        ((await sfn.send(new ListExecutionsCommand({ stateMachineArn }))).executions ?? []).map((e) => e.executionArn!),
      );
    const before = await executions();
    for (const [query, detail] of [
      ['?dryrun=true', 'dryrun: is not a parameter of this route'],
      ['?DryRun=true', 'DryRun: is not a parameter of this route'],
      ['?dry_run=true', 'dry_run: is not a parameter of this route'],
      ['?foo=bar', 'foo: is not a parameter of this route'],
      ['?dryRun=true&dry-run=false', 'dry-run: is not a parameter of this route'],
      ['?dryRun=true&dryRun=false', 'dryRun: is given more than once'],
      ['?dryRun=TRUE', 'dryRun: must be true or false'],
      ['?dryRun', 'dryRun: must be true or false'],
    ] as const) {
      const r = await call('GET', `/service/remove-invalid-records${query}`, { token: operator });
      expect(r.status, `${query}: ${r.text}`).toBe(400);
      expect(errorOf(r).Details).toEqual([detail]);
    }
    // Other files may start dry runs meanwhile; none of these requests started a real one.
    const started = [...(await executions())].filter((arn) => !before.has(arn));
    for (const executionArn of started) {
      const { input } = await sfn.send(new DescribeExecutionCommand({ executionArn }));
      expect(JSON.parse(input!).dryRun, `${executionArn} was started`).toBe(true);
    }
  });
});

describe('JSON bodies', () => {
  const raw = (json: string) => ({ rawBody: json, headers: { 'content-type': 'application/json' } });

  it('a member given twice is 400 naming it, and nothing is created', async () => {
    const t = newTenant();
    for (const [json, detail] of [
      ['{"Name":"first","Name":"second"}', 'Name: is given more than once'],
      ['{"Name":"first","N\\u0061me":"second"}', 'Name: is given more than once'],
      ['{"Name":"box","Weight":1,"Weight":1}', 'Weight: is given more than once'],
    ] as const) {
      const r = await call('POST', containerPath(t), { token: t.token, ...raw(json) });
      expect(r.status, `${json}: ${r.text}`).toBe(400);
      expect(errorOf(r).Details).toEqual([detail]);
    }
    const uuid = (await call('POST', containerPath(t), { token: t.token, body: { Name: 'kept' } })).body.ContainerModel
      .Uuid;
    const update = await call('PUT', containerPath(t, uuid), { token: t.token, ...raw('{"Name":"a","Name":"b"}') });
    expect([update.status, errorOf(update).Details]).toEqual([400, ['Name: is given more than once']]);
    const content = await call('POST', `${containerPath(t, uuid)}/contents`, {
      token: t.token,
      ...raw('{"Kind":"CYCLOTRON_PRODUCT","ContentId":"p-1","ContentId":"p-2","Nuclide":"F-18"}'),
    });
    expect([content.status, errorOf(content).Details]).toEqual([400, ['ContentId: is given more than once']]);
    const load = await call('GET', containerPath(t, uuid), { token: t.token });
    expect(load.body.ContainerModel.Name).toBe('kept');
    expect(load.headers.get('etag')).toBe(`"${uuid}.1"`);
  });

  it('at most 50 details, and the message says how many there are', async () => {
    const t = newTenant();
    const members = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`u${i}`, 0]));
    for (const [language, said] of [
      ['en', '5000'],
      ['de', '5000'],
    ] as const) {
      const r = await call('POST', containerPath(t), {
        token: t.token,
        body: { Name: 'box', ...members },
        headers: { 'accept-language': language },
      });
      expect(r.status, r.text.slice(0, 300)).toBe(400);
      const error = errorOf(r);
      expect(error.Details).toHaveLength(50);
      expect(error.Details[0]).toMatch(/^u0: /);
      expect(error.LocalizedMessage).toContain(said);
      expect(error.LocalizedMessage).toContain('50');
    }
  });
});

/** GET /openapi.json with a Host header of the caller's choosing (fetch does not let one set it). */
function openApiWithHost(host: string): Promise<{ status: number; body: { servers: { url: string }[] } }> {
  return new Promise((resolve, reject) => {
    const url = new URL('/openapi.json', runtime().apiUrl);
    http
      .get(url, { headers: { host } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }),
        );
      })
      .on('error', reject);
  });
}

describe('the OpenAPI document', () => {
  it("names the configured server (here none: a relative '/'), never the request's Host header", async () => {
    for (const host of ['evil.example', `${randomUUID()}.example:8443`]) {
      const { status, body } = await openApiWithHost(host);
      expect(status).toBe(200);
      expect(JSON.stringify(body.servers)).not.toContain(host.split(':')[0]);
      expect(body.servers).toEqual([{ url: '/', description: expect.any(String) }]);
    }
  });

  it("names the stage's configured base URL when there is one", async () => {
    process.env[VARIABLES.apiBaseUrl] = 'https://archive.example.org';
    try {
      const { handler } = await import('../../functions/docs/openapi');
      const result = await handler(apiEvent({ rawPath: '/openapi.json', headers: { host: 'evil.example' } }) as never);
      expect(JSON.parse(result.body!).servers).toEqual([
        { url: 'https://archive.example.org', description: expect.any(String) },
      ]);
    } finally {
      delete process.env[VARIABLES.apiBaseUrl];
    }
  });
});
