/**
 * shared/http/idempotency.ts: a POST route's Idempotency-Key, in-process through the Middy stack: a request without
 * one runs as it is, a malformed one is 400 before anything runs, and a POST route without the middleware is refused
 * when it is built. (A key's records, on DynamoDB Local: test/integration/idempotency-powertools.test.ts; over HTTP:
 * the contract tests.)
 */
import { describe, expect, it } from 'vitest';
import { lambdaContext } from '../../../infra/local/lambda';
import { httpHandler } from '../../../shared/http/handler';
import { idempotentHandler } from '../../../shared/http/idempotency';
import { containerRoutes } from '../../../shared/routes/containers';
import { apiEvent } from '../../support/events';

const create = (headers: Record<string, string> = {}) =>
  apiEvent({
    method: 'POST',
    rawPath: '/waste-management/api/v1/c1/f1/container',
    pathParameters: { clientUuid: 'c1', facilityUuid: 'f1' },
    body: { Name: 'Box' },
    headers,
  });

describe('the Idempotency-Key of a POST route', () => {
  it('is optional: without one every request runs', async () => {
    let runs = 0;
    const handler = idempotentHandler(containerRoutes.create, async () => ({ body: { n: ++runs } }));
    for (const n of [1, 2]) expect(JSON.parse((await handler(create(), lambdaContext('c'))).body!).n).toBe(n);
  });

  it('is refused with 400 naming the header when malformed, before the handler runs', async () => {
    let ran = false;
    const handler = idempotentHandler(containerRoutes.create, async () => {
      ran = true;
      return { body: {} };
    });
    const answer = await handler(create({ 'idempotency-key': 'not a key' }), lambdaContext('c'));
    expect(answer.statusCode).toBe(400);
    expect(JSON.parse(answer.body!).Notifications[0].Details[0]).toContain('Idempotency-Key');
    expect(ran).toBe(false);
  });

  it('is part of every POST route: one built without it is refused when the function loads', () => {
    expect(() => httpHandler(containerRoutes.create, async () => ({ body: {} }))).toThrow(/idempotentHandler/);
  });
});
