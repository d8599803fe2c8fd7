/**
 * The OpenAPI document: the service serves it (that the committed files are what the code generates is
 * test/unit/openapi/files.test.ts's), and every error status it documents for an operation is answered by that
 * operation (each call is checked against the document by `call`, test/support/contract.ts). Statuses that need a
 * particular state (412, a state change's 409) are reached by the resource's own contract tests.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { exampleOf } from '../../shared/openapi/json-schema';
import { createLicence, LICENCE_BODY } from '../support/material';
import { REMAINING_TIME_HEADER } from '../../infra/local/lambda';
import { call, newTenant, token } from '../support/api';
import { apiDocument } from '../support/contract';

type Json = Record<string, any>;

describe('the OpenAPI document', () => {
  it("is served at GET /openapi.json, naming the stage's configured server (locally none: '/')", async () => {
    const served = await call('GET', '/openapi.json');
    expect(served.headers.get('content-type')).toBe('application/json');
    const { servers, ...rest } = served.body;
    const { servers: _, ...generated } = apiDocument();
    expect(rest).toEqual(generated);
    expect(servers).toEqual([{ url: '/', description: 'This service' }]);
  });
});

interface Operation {
  id: string;
  method: string;
  template: string;
  op: Json;
}
const operations: Operation[] = Object.entries<Json>(apiDocument().paths).flatMap(([template, item]) =>
  Object.entries<Json>(item).map(([method, op]) => ({
    id: op.operationId,
    method: method.toUpperCase(),
    template,
    op,
  })),
);

/** The path with its variables filled: the tenant's ids, a page, a known asset, fresh uuids elsewhere. */
function fill(
  template: string,
  t: { client: string; facility: string },
  override: Record<string, string> = {},
): string {
  return template.replace(
    /\{(\w+)\}/g,
    (_, name: string) =>
      override[name] ??
      (name === 'clientUuid'
        ? t.client
        : name === 'facilityUuid'
          ? t.facility
          : name === 'page'
            ? '1'
            : name === 'asset'
              ? 'docs.js'
              : randomUUID()),
  );
}
const variables = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
const bodyExample = (op: Json) => {
  const schema = op.requestBody?.content['application/json'].schema;
  return schema ? exampleOf(schema, { requiredOnly: true }) : undefined;
};
const queryParams = (op: Json): Json[] => (op.parameters ?? []).filter((p: Json) => p.in === 'query');
/** The required query parameters with their example values (`?from=` of importRecords). */
const requiredQuery = (op: Json) => {
  const required = queryParams(op).filter((p) => p.required);
  return required.length
    ? `?${required.map((p) => `${p.name}=${encodeURIComponent(String(exampleOf(p.schema)))}`).join('&')}`
    : '';
};
/** Path variables whose schema gives examples (the execution id), filled with the first. */
const pathExamples = (op: Json): Record<string, string> =>
  Object.fromEntries(
    (op.parameters ?? [])
      .filter((p: Json) => p.in === 'path' && p.schema?.examples?.length)
      .map((p: Json) => [p.name, String(p.schema.examples[0])]),
  );
/** The `Message` codes an answer of the operation may carry. */
const messagesOf = (op: Json, status: number): string[] =>
  op.responses[status].content['application/json'].schema.properties.Notifications.items.allOf[1].properties.Message
    .enum;
const isPublic = (op: Json) => Array.isArray(op.security) && op.security.length === 0;
const isOperator = (op: Json) => (op.security ?? []).some((s: Json) => 'sigv4' in s);

/** What the facility must hold before an operation's example body can succeed: a receipt needs a licence in force. */
const EXAMPLE_NEEDS: Readonly<Record<string, (t: ReturnType<typeof newTenant>) => Promise<unknown>>> = {
  'material.create': (t) => createLicence(t, { ...LICENCE_BODY, ValidFrom: '2026-01-01 00:00:00' }),
};

/**
 * How to reach a status in any operation that documents it, when no particular state is needed.
 * Each returns the call to make, or undefined when the operation needs a state this table does not make.
 */
type Request = Parameters<typeof call> | undefined;
const recipes: Record<number, (o: Operation, t: ReturnType<typeof newTenant>) => Promise<Request> | Request> = {
  // Every operation refuses a query parameter it does not list (one it lists with a bad value: the resource's tests).
  400: (o, t) => [
    o.method,
    `${fill(o.template, t)}?undeclared=1`,
    { token: isOperator(o.op) ? token({ roles: ['operator'] }) : t.token },
  ],
  401: (o, t) => [o.method, fill(o.template, t), bodyExample(o.op) === undefined ? {} : { body: bodyExample(o.op) }],
  403: (o, t) => {
    // The second wall's own 403 (auth.access_denied) takes a broken first wall: test/contract/tenant-isolation.test.ts.
    if (messagesOf(o.op, 403).every((message) => message === 'auth.access_denied')) return undefined;
    const stranger = newTenant();
    return [
      o.method,
      fill(o.template, t),
      { token: isOperator(o.op) ? token() : stranger.token, ...(o.op.requestBody ? { body: bodyExample(o.op) } : {}) },
    ];
  },
  404: (o, t) => {
    if (o.id === 'docs.asset') return [o.method, '/docs/no-such-file.js', {}];
    const body = bodyExample(o.op);
    return [
      o.method,
      // A well-formed id of nothing (an execution id as its example shows it).
      fill(o.template, t, pathExamples(o.op)),
      { token: isOperator(o.op) ? token({ roles: ['operator'] }) : t.token, ...(body === undefined ? {} : { body }) },
    ];
  },
  409: async (o, t): Promise<Request> => {
    // A reused Idempotency-Key with another body; only where the first call succeeds with the example body.
    if (o.method !== 'POST' || variables(o.template).some((v) => !['clientUuid', 'facilityUuid'].includes(v)))
      return undefined;
    await EXAMPLE_NEEDS[o.id]?.(t);
    const body = bodyExample(o.op) as Json;
    const key = `reuse-${randomUUID()}`;
    const first = await call(o.method, fill(o.template, t), {
      token: t.token,
      body,
      headers: { 'idempotency-key': key },
    });
    expect(first.status, first.text).toBe(200);
    const other = Object.fromEntries(
      Object.entries(body).map(([k, v]) => [
        k,
        typeof v === 'string' && k !== 'State' && !/^[\w-]{36}$/.test(v) && !/^\d{4}-/.test(v) ? `${v} 2` : v,
      ]),
    );
    return [o.method, fill(o.template, t), { token: t.token, body: other, headers: { 'idempotency-key': key } }];
  },
  413: (o, t) => [
    o.method,
    fill(o.template, t),
    {
      token: t.token,
      rawBody: JSON.stringify({ Name: 'x'.repeat(70_000) }),
      headers: { 'content-type': 'application/json' },
    },
  ],
  415: (o, t) => [
    o.method,
    fill(o.template, t),
    { token: t.token, rawBody: 'Name=Box', headers: { 'content-type': 'text/plain' } },
  ],
  // A path that names something that may exist (an example execution id), so the function calls its dependency.
  503: (o, t) => [
    o.method,
    `${fill(o.template, t, pathExamples(o.op))}${requiredQuery(o.op)}`,
    {
      token: isOperator(o.op) ? token({ roles: ['operator'] }) : t.token,
      headers: { [REMAINING_TIME_HEADER]: '0' },
      ...(o.op.requestBody ? { body: bodyExample(o.op) } : {}),
    },
  ],
};

describe('every documented error status', () => {
  for (const o of operations) {
    for (const status of Object.keys(o.op.responses)
      .map(Number)
      .filter((s) => s !== 200 && recipes[s])) {
      it(`${o.id} answers ${status}`, async ({ skip }) => {
        if (status === 401 && isPublic(o.op)) return skip();
        // Roles for the routes that need one (a release, the register): their statuses are reached past the role check.
        const t = newTenant({ roles: ['rpo', 'reporter'] });
        const request = await recipes[status]!(o, t);
        if (!request) return skip();
        const response = await call(...request);
        expect(response.status, response.text).toBe(status);
        expect(o.op.responses[status].content['application/json'].schema.properties.Notifications).toBeDefined();
        if (status === 503) expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
      });
    }
  }
});
