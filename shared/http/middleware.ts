/**
 * The middlewares of the one Middy stack (shared/http/handler.ts puts them in order): the
 * Notifications envelope for every error, the access log and metrics lines, identity/tenant/role
 * checks from the authorizer's context, the query against the route, dependency failures as 503, and the body
 * size limit.
 */
import type { MiddlewareObj, Request } from '@middy/core';
import { holdsTenant, identityFromContext } from '../auth/claims';
import { config } from '../config';
import { AppError, badRequest } from '../errors';
import { languageOf, notification, type NotificationSpec } from '../i18n/translate';
import { logger } from '../observability';
import { METRIC, publish, publishSecurityEvent } from '../metrics';
import { GREEDY, type Route } from '../routes/types';
import { isIdentifier } from '../domain/values';
import { DeadlineError, isUnavailable, retriesMade, UnavailableError } from '../retry';
import { queryOf } from './query';
import type { ApiContext, ApiEvent, ApiResult } from './types';

/** Statuses raised outside our own code (Middy's parsers, the fallback) and what they tell the client. */
function genericNotification(status: number, requestId: string): { status: number; spec: NotificationSpec } {
  switch (status) {
    case 413:
      return { status, spec: { key: 'request.too_large', params: { max: config.maxBodyBytes } } };
    case 415:
      return { status, spec: { key: 'request.unsupported_media_type' } };
    case 422:
      return { status: 400, spec: { key: 'request.malformed_json' } };
    default:
      return status < 500
        ? { status, spec: { key: 'request.bad_request' } }
        : {
            status: 500,
            spec: { key: 'server.error', details: [{ key: 'detail.request_id', params: { requestId } }] },
          };
  }
}

export const notifications = (): MiddlewareObj<ApiEvent, ApiResult, Error, ApiContext> => ({
  onError: async (request) => {
    const response = request.response;
    if (!response) return;
    const error = request.error as Partial<AppError> | null;
    const shaped = error?.notification
      ? { status: response.statusCode ?? 500, spec: error.notification }
      : genericNotification(response.statusCode ?? 500, request.context.awsRequestId);
    const language = await languageOf(
      request.event.headers?.['accept-language'] ?? request.event.headers?.['Accept-Language'],
    );
    response.statusCode = shaped.status;
    response.body = JSON.stringify({ Notifications: [notification(shaped.spec, language)] });
    response.headers = {
      ...response.headers,
      'Content-Type': 'application/json',
      ...(shaped.status === 503 ? { 'Retry-After': String(RETRY_AFTER_SECONDS) } : {}),
    };
  },
});

const started = new WeakMap<object, number>();
export const accessLog = (route: Route): MiddlewareObj<ApiEvent, ApiResult, Error, ApiContext> => {
  const write = (request: Request<ApiEvent, ApiResult, Error, ApiContext>) => {
    const status = request.response?.statusCode ?? 500;
    logger.info('request', {
      operation: route.operation,
      route: request.event.routeKey,
      path: request.event.rawPath,
      status,
      durationMs: Math.round(performance.now() - (started.get(request) ?? performance.now())),
      apiRequestId: request.event.requestContext?.requestId,
      caller: request.context.caller?.sub,
      retries: retriesMade(),
    });
  };
  return {
    before: (request) => {
      started.set(request, performance.now());
    },
    after: write,
    onError: write,
  };
};

/**
 * One EMF line per request (shared/metrics.ts): latency, and 0 or 1 for a client and a server error,
 * under the route's operation. Runs its after/onError once the answer is shaped (the status the
 * client gets), like the access log.
 */
export const routeMetrics = (route: Route): MiddlewareObj<ApiEvent, ApiResult, Error, ApiContext> => {
  const begun = new WeakMap<object, number>();
  const write = (request: Request<ApiEvent, ApiResult, Error, ApiContext>) => {
    const status = request.response?.statusCode ?? 500;
    publish(route.operation, [
      [METRIC.latency, 'Milliseconds', Math.round(performance.now() - (begun.get(request) ?? performance.now()))],
      [METRIC.clientErrors, 'Count', status >= 400 && status < 500 ? 1 : 0],
      [METRIC.serverErrors, 'Count', status >= 500 ? 1 : 0],
    ]);
  };
  return {
    before: (request) => {
      begun.set(request, performance.now());
    },
    after: write,
    onError: write,
  };
};

export const authorize = (route: Route): MiddlewareObj<ApiEvent, ApiResult, Error, ApiContext> => ({
  before: (request) => {
    const { event } = request;
    const params = event.pathParameters ?? {};
    // Reached through a trailing-slash twin with more after the slash: no such endpoint.
    if (params[GREEDY]) throw new AppError(404, 'route.not_found');
    // Path identifiers (`uuid`, `clientUuid`, `deviceUuid`...) never hold more than an identifier may.
    const invalid = Object.entries(params).filter(([name, value]) => /uuid$/i.test(name) && !isIdentifier(value ?? ''));
    const checkIdentifiers = () => {
      if (invalid.length) throw badRequest(invalid.map(([field]) => ({ key: 'detail.identifier', params: { field } })));
    };
    // Public routes, and operator routes API Gateway has already authorized by IAM (SigV4) on AWS.
    if (route.auth === 'public' || (route.auth === 'operator' && event.requestContext?.authorizer?.iam))
      return checkIdentifiers();
    const identity = identityFromContext(event.requestContext?.authorizer?.lambda, new Date());
    if ('error' in identity) throw new AppError(401, identity.error);
    request.context.caller = identity;
    if (route.auth === 'operator') {
      // Maintenance operations are cross-tenant by nature: the role is the gate (IAM on AWS).
      if (!identity.roles.includes('operator'))
        throw new AppError(403, 'auth.role_required', { params: { role: 'operator' } });
    } else {
      const { clientUuid, facilityUuid } = params;
      if (!holdsTenant(identity, { client: clientUuid, facility: facilityUuid }))
        throw new AppError(403, 'auth.tenant_forbidden');
      if (route.roles && !route.roles.some((role) => identity.roles.includes(role)))
        throw new AppError(403, 'auth.role_required', { params: { role: route.roles.join(' or ') } });
    }
    // After the token checks, so an unauthenticated caller learns nothing from the path.
    checkIdentifiers();
  },
});

/** Refuses, before anything runs, a query the route does not declare (shared/http/query.ts); hands on the rest. */
export const queryParameters = (route: Route): MiddlewareObj<ApiEvent, ApiResult, Error, ApiContext> => ({
  before: (request) => {
    request.context.query = queryOf(route, request.event.rawQueryString);
  },
});

/** How long a client is told to wait before trying again after a 503. */
export const RETRY_AFTER_SECONDS = 2;

/**
 * Failures of a dependency, whatever their shape, become 503 with Retry-After (never 500): retries
 * ran out or the dependency is unreachable, or the deadline came before a write could be sent
 * (then nothing was written). A reused Idempotency-Key is the client's conflict (409). A call IAM refused is a
 * security event (403).
 */
export const dependencyErrors = (): MiddlewareObj<ApiEvent, ApiResult, Error, ApiContext> => ({
  onError: (request) => {
    const error = request.error;
    const name = error?.name ?? '';
    // Powertools Idempotency wraps what its record's write met (IdempotencyPersistenceLayerError, the cause within).
    const cause = (error as { cause?: unknown } | null)?.cause;
    if (error instanceof DeadlineError || cause instanceof DeadlineError) {
      logger.warn('deadline too close to write', { error: name });
      request.error = new AppError(503, 'server.deadline');
    } else if (
      error instanceof UnavailableError ||
      cause instanceof UnavailableError ||
      isUnavailable(error) ||
      isUnavailable(cause)
    ) {
      logger.error('dependency unavailable', { error: error as Error });
      request.error = new AppError(503, 'server.unavailable', {
        details: [{ key: 'detail.retry_after', params: { seconds: RETRY_AFTER_SECONDS } }],
      });
    } else if (isAccessDenied(error)) {
      // The second wall held: IAM refused a call the code made (another tenant's key, most likely). A defect, and an
      // attack's trace: said once in the log with what was refused, and counted (the stage's SecurityEvents alarm).
      logger.critical('security event: IAM refused a call', {
        securityEvent: 'access_denied',
        operation: request.event.routeKey,
        path: request.event.rawPath,
        caller: request.context.caller?.sub,
        error: { name, message: error!.message },
      });
      publishSecurityEvent();
      request.error = new AppError(403, 'auth.access_denied');
    } else if (name === 'IdempotencyValidationError') {
      request.error = new AppError(409, 'idempotency.key_reused');
    } else if (name === 'IdempotencyAlreadyInProgressError') {
      request.error = new AppError(409, 'idempotency.in_progress');
    }
  },
});

/** What AWS answers a call its policies do not allow (DynamoDB's and STS's name, S3's). */
const ACCESS_DENIED = new Set(['AccessDeniedException', 'AccessDenied']);
const isAccessDenied = (error: unknown): error is Error => ACCESS_DENIED.has((error as Error | null)?.name ?? '');

/** Refuses a body over the configured size before anything parses it. */
export const bodyLimit = (): MiddlewareObj<ApiEvent, ApiResult, Error, ApiContext> => ({
  before: ({ event }) => {
    if (typeof event.body !== 'string') return;
    const bytes = event.isBase64Encoded ? Math.floor((event.body.length * 3) / 4) : Buffer.byteLength(event.body);
    if (bytes > config.maxBodyBytes)
      throw new AppError(413, 'request.too_large', { params: { max: config.maxBodyBytes } });
  },
});
