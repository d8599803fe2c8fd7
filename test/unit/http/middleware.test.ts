/**
 * shared/http/middleware.ts through the one Middy stack (shared/http/handler.ts), in-process: the token, tenant and
 * role checks, the query against the route, the body limit, dependency failures as 503 with Retry-After, the
 * Idempotency-Key conflicts, and every failure in the Notifications envelope.
 */
import { describe, expect, it } from 'vitest';
import { lambdaContext } from '../../../infra/local/lambda';
import { AppError } from '../../../shared/errors';
import { httpHandler } from '../../../shared/http/handler';
import { RETRY_AFTER_SECONDS } from '../../../shared/http/middleware';
import type { ApiEvent } from '../../../shared/http/types';
import { DeadlineError, UnavailableError } from '../../../shared/retry';
import { containerRoutes } from '../../../shared/routes/containers';
import { clearanceNoticeRoutes } from '../../../shared/routes/facility';
import type { Route } from '../../../shared/routes/types';
import { apiEvent } from '../../support/events';

const PATH = '/waste-management/api/v1/c1/f1/container/u1';
const params = { clientUuid: 'c1', facilityUuid: 'f1', uuid: 'u1' };
const load = (change: (event: ApiEvent) => void = () => {}) => {
  const event = apiEvent({ rawPath: PATH, pathParameters: params });
  change(event);
  return event;
};
async function answer(route: Route, event: ApiEvent, fn: () => Promise<unknown> = async () => ({ ok: true })) {
  let ran = false;
  const result = await httpHandler(route, async () => {
    ran = true;
    return { body: await fn() };
  })(event, lambdaContext('test'));
  const body = JSON.parse(result.body ?? '{}');
  return { status: result.statusCode, headers: result.headers, message: body.Notifications?.[0]?.Message, body, ran };
}
const failing = (error: unknown) => async () => {
  throw error;
};

describe('the checks before a handler runs', () => {
  it('answers 401 without a valid token, and 403 for another tenant, before the handler runs', async () => {
    const noToken = await answer(
      containerRoutes.load,
      load((e) => (e.requestContext.authorizer = undefined as never)),
    );
    expect([noToken.status, noToken.ran]).toEqual([401, false]);
    const other = await answer(
      containerRoutes.load,
      load((e) => (e.pathParameters = { ...params, clientUuid: 'c2' })),
    );
    expect([other.status, other.message, other.ran]).toEqual([403, 'auth.tenant_forbidden', false]);
  });

  it('answers 403 naming the role a route needs that the token lacks', async () => {
    const event = apiEvent({ method: 'PUT', rawPath: '/x', pathParameters: params, body: { ValidUntil: null } });
    const update = await answer(clearanceNoticeRoutes.update, event);
    expect([update.status, update.message, update.ran]).toEqual([403, 'auth.role_required', false]);
    expect(update.body.Notifications[0].LocalizedMessage).toContain('rpo');
  });

  it('answers 400 for a path identifier no identifier could be, only after the token checks', async () => {
    const bad = await answer(
      containerRoutes.load,
      load((e) => (e.pathParameters = { ...params, uuid: 'a b' })),
    );
    expect([bad.status, bad.ran]).toEqual([400, false]);
    const anonymous = await answer(
      containerRoutes.load,
      load((e) => {
        e.pathParameters = { ...params, uuid: 'a b' };
        e.requestContext.authorizer = undefined as never;
      }),
    );
    expect(anonymous.status).toBe(401);
  });

  it('answers 404 for a path beyond the route (its trailing-slash twin with more after the slash)', async () => {
    const beyond = await answer(
      containerRoutes.load,
      load((e) => (e.pathParameters = { ...params, proxy: 'x/y' })),
    );
    expect([beyond.status, beyond.message]).toEqual([404, 'route.not_found']);
  });

  it('answers 400 for a query parameter the route does not declare', async () => {
    const query = await answer(
      containerRoutes.load,
      load((e) => (e.rawQueryString = 'debug=1')),
    );
    expect([query.status, query.ran]).toEqual([400, false]);
  });

  it('answers 413 for a body over the limit, before anything parses it', async () => {
    const big = apiEvent({ method: 'POST', rawPath: PATH, pathParameters: params, body: { Name: 'x'.repeat(70_000) } });
    const refused = await answer(containerRoutes.update, big);
    expect([refused.status, refused.message, refused.ran]).toEqual([413, 'request.too_large', false]);
  });
});

describe('failures of the handler', () => {
  it('answer a dependency that stayed unavailable, or a deadline too close to write: 503, Retry-After', async () => {
    for (const error of [
      new UnavailableError(new Error('down'), 3),
      Object.assign(new Error('throttled'), { name: 'ProvisionedThroughputExceededException' }),
      new DeadlineError(),
      // As Powertools Idempotency throws what the write of its record met.
      Object.assign(
        new Error('Failed to save in progress record to idempotency store', { cause: new DeadlineError() }),
        {
          name: 'IdempotencyPersistenceLayerError',
        },
      ),
      Object.assign(
        new Error('Failed to save in progress record', { cause: new UnavailableError(new Error('down'), 6) }),
        {
          name: 'IdempotencyPersistenceLayerError',
        },
      ),
    ]) {
      const failed = await answer(containerRoutes.load, load(), failing(error));
      expect([failed.status, failed.headers?.['Retry-After']], error.name).toEqual([503, String(RETRY_AFTER_SECONDS)]);
    }
  });

  it('answer a call IAM refused 403, a reused or busy Idempotency-Key 409', async () => {
    const denied = await answer(
      containerRoutes.load,
      load(),
      failing(Object.assign(new Error('no'), { name: 'AccessDeniedException' })),
    );
    expect([denied.status, denied.message]).toEqual([403, 'auth.access_denied']);
    for (const [name, message] of [
      ['IdempotencyValidationError', 'idempotency.key_reused'],
      ['IdempotencyAlreadyInProgressError', 'idempotency.in_progress'],
    ]) {
      const conflict = await answer(containerRoutes.load, load(), failing(Object.assign(new Error(), { name })));
      expect([conflict.status, conflict.message]).toEqual([409, message]);
    }
  });

  it('answer their own refusal as they raised it, and anything unexpected 500 naming only the request id', async () => {
    const gone = await answer(containerRoutes.load, load(), failing(new AppError(404, 'container.not_found')));
    expect([gone.status, gone.message]).toEqual([404, 'container.not_found']);
    const crash = await answer(containerRoutes.load, load(), failing(new TypeError('secret detail')));
    expect([crash.status, crash.message]).toEqual([500, 'server.error']);
    expect(JSON.stringify(crash.body)).not.toContain('secret detail');
  });
});
