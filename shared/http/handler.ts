/**
 * The one Middy stack every HTTP function runs in. In order: Powertools logger context, one access
 * log line and one metrics line (EMF) per request, security headers, errors shaped into the Notifications envelope
 * (after Middy's http-error-handler has hidden anything not meant for clients), header
 * normalization, identity/tenant/role checks from the authorizer's context, body size and JSON
 * parsing. A handler receives an `ApiRequest` and returns an `ApiReply`. CORS is the API's concern:
 * the HTTP API's CORS configuration answers preflights and adds the headers to every response (the
 * local gateway does the same from the same setting).
 */
import middy, { type MiddlewareObj, type Request } from '@middy/core';
import httpErrorHandler from '@middy/http-error-handler';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import httpSecurityHeaders from '@middy/http-security-headers';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { identityFromContext, type AuthorizerContext, type Caller } from '../auth/claims';
import { config } from '../config';
import { AppError, badRequest } from '../errors';
import type { Language } from '../i18n/messages';
import { notification, pickLanguage, type NotificationSpec } from '../i18n/translate';
import { logger } from '../observability';
import { METRIC, publish } from '../metrics';
import { GREEDY, type Route } from '../routes/types';
import { isIdentifier, PAGE_PATTERN } from '../domain/values';
import type { Tenant } from '../data/table';
import { pageConfiguration, wholeConfiguration, type CollectionConfiguration } from '../domain/collection';
import { DeadlineError, expireBudget, isUnavailable, retriesMade, UnavailableError, withBudget } from '../retry';

/** API Gateway v2 event; `authorizer.lambda` is present behind the Lambda authorizer. */
export type ApiEvent = Omit<APIGatewayProxyEventV2, 'requestContext' | 'body'> & {
  body?: unknown;
  requestContext: APIGatewayProxyEventV2['requestContext'] & { authorizer?: { lambda?: AuthorizerContext; iam?: { userArn?: string } } };
};
export type ApiResult = APIGatewayProxyStructuredResultV2 & { headers: Record<string, string> };
type ApiContext = Context & { caller?: Caller };

export interface ApiRequest {
  event: ApiEvent;
  route: Route;
  params: Record<string, string>;
  /** The parsed JSON body (POST and PUT). */
  body: unknown;
  /** The caller; always set on routes with auth other than `public`. */
  identity: Caller | undefined;
  language: Language;
  requestId: string;
  header(name: string): string | undefined;
}

export interface ApiReply {
  body: unknown;
  headers?: Record<string, string>;
}

const hasBody = (route: Route) => route.method === 'POST' || route.method === 'PUT';

/** Statuses raised outside our own code (Middy's parsers, the fallback) and what they tell the client. */
function genericNotification(status: number, requestId: string): { status: number; spec: NotificationSpec } {
  switch (status) {
    case 413: return { status, spec: { key: 'request.too_large', params: { max: config.maxBodyBytes } } };
    case 415: return { status, spec: { key: 'request.unsupported_media_type' } };
    case 422: return { status: 400, spec: { key: 'request.malformed_json' } };
    default:
      return status < 500
        ? { status, spec: { key: 'request.bad_request' } }
        : { status: 500, spec: { key: 'server.error', details: [{ key: 'detail.request_id', params: { requestId } }] } };
  }
}

const notifications = (): MiddlewareObj<ApiEvent, ApiResult, Error, ApiContext> => ({
  onError: (request) => {
    const response = request.response;
    if (!response) return;
    const error = request.error as Partial<AppError> | null;
    const shaped = error?.notification
      ? { status: response.statusCode ?? 500, spec: error.notification }
      : genericNotification(response.statusCode ?? 500, request.context.awsRequestId);
    const language = pickLanguage(request.event.headers?.['accept-language'] ?? request.event.headers?.['Accept-Language']);
    response.statusCode = shaped.status;
    response.body = JSON.stringify({ Notifications: [notification(shaped.spec, language)] });
    response.headers = { ...response.headers, 'Content-Type': 'application/json', ...(shaped.status === 503 ? { 'Retry-After': String(RETRY_AFTER_SECONDS) } : {}) };
  },
});

const started = new WeakMap<object, number>();
const accessLog = (route: Route): MiddlewareObj<ApiEvent, ApiResult, Error, ApiContext> => {
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
    before: (request) => { started.set(request, performance.now()); },
    after: write,
    onError: write,
  };
};

/**
 * One EMF line per request (shared/metrics.ts): latency, and 0 or 1 for a client and a server error,
 * under the route's operation. Runs its after/onError once the answer is shaped (the status the
 * client gets), like the access log.
 */
const routeMetrics = (route: Route): MiddlewareObj<ApiEvent, ApiResult, Error, ApiContext> => {
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
    before: (request) => { begun.set(request, performance.now()); },
    after: write,
    onError: write,
  };
};

const authorize = (route: Route): MiddlewareObj<ApiEvent, ApiResult, Error, ApiContext> => ({
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
    if (route.auth === 'public' || (route.auth === 'operator' && event.requestContext?.authorizer?.iam)) return checkIdentifiers();
    const identity = identityFromContext(event.requestContext?.authorizer?.lambda, new Date());
    if ('error' in identity) throw new AppError(401, identity.error);
    request.context.caller = identity;
    if (route.auth === 'operator') {
      // Maintenance operations are cross-tenant by nature: the role is the gate (IAM on AWS).
      if (!identity.roles.includes('operator')) throw new AppError(403, 'auth.role_required', { params: { role: 'operator' } });
    } else {
      const { clientUuid, facilityUuid } = params;
      if ((clientUuid !== undefined && !identity.clients.includes(clientUuid)) || (facilityUuid !== undefined && !identity.facilities.includes(facilityUuid))) {
        throw new AppError(403, 'auth.tenant_forbidden');
      }
    }
    // After the token checks, so an unauthenticated caller learns nothing from the path.
    checkIdentifiers();
  },
});

/** How long a client is told to wait before trying again after a 503. */
export const RETRY_AFTER_SECONDS = 2;

/**
 * Failures of a dependency, whatever their shape, become 503 with Retry-After (never 500): retries
 * ran out or the dependency is unreachable, or the deadline came before a write could be sent
 * (then nothing was written). A reused Idempotency-Key is the client's conflict (409).
 */
const dependencyErrors = (): MiddlewareObj<ApiEvent, ApiResult, Error, ApiContext> => ({
  onError: (request) => {
    const error = request.error;
    const name = error?.name ?? '';
    if (error instanceof DeadlineError) {
      logger.warn('deadline too close to write', { error: name });
      request.error = new AppError(503, 'server.deadline');
    } else if (error instanceof UnavailableError || isUnavailable(error) || isUnavailable((error as { cause?: unknown } | null)?.cause)) {
      logger.error('dependency unavailable', { error: error as Error });
      request.error = new AppError(503, 'server.unavailable', { details: [{ key: 'detail.retry_after', params: { seconds: RETRY_AFTER_SECONDS } }] });
    } else if (name === 'IdempotencyValidationError') {
      request.error = new AppError(409, 'idempotency.key_reused');
    } else if (name === 'IdempotencyAlreadyInProgressError') {
      request.error = new AppError(409, 'idempotency.in_progress');
    }
  },
});

/** Refuses a body over the configured size before anything parses it. */
const bodyLimit = (): MiddlewareObj<ApiEvent, ApiResult, Error, ApiContext> => ({
  before: ({ event }) => {
    if (typeof event.body !== 'string') return;
    const bytes = event.isBase64Encoded ? Math.floor((event.body.length * 3) / 4) : Buffer.byteLength(event.body);
    if (bytes > config.maxBodyBytes) throw new AppError(413, 'request.too_large', { params: { max: config.maxBodyBytes } });
  },
});

/** Marks the Idempotency-Key middleware (shared/http/idempotency.ts), which every POST route runs. */
export const IDEMPOTENCY = Symbol('idempotency');
export type ApiMiddleware = MiddlewareObj<ApiEvent, ApiResult, Error, ApiContext> & { [IDEMPOTENCY]?: true };

/**
 * Builds the handler of a route of the route table; `extra` middlewares run last before it. POST
 * routes are built with `idempotentHandler`, which brings the Idempotency-Key middleware: only
 * their bundles carry it.
 */
export function httpHandler(route: Route, fn: (request: ApiRequest) => Promise<ApiReply>, extra: ApiMiddleware[] = []) {
  if (route.method === 'POST' && !extra.some((m) => m[IDEMPOTENCY])) {
    throw new Error(`${route.operation}: a POST route is built with idempotentHandler (shared/http/idempotency.ts)`);
  }
  const base = async (event: ApiEvent, context: ApiContext, options?: { signal?: AbortSignal }): Promise<ApiResult> => {
    // Once the early answer has gone out, this invocation sends no more writes.
    options?.signal?.addEventListener('abort', expireBudget());
    const reply = await fn({
      event,
      route,
      params: (event.pathParameters ?? {}) as Record<string, string>,
      body: event.body,
      identity: context.caller,
      language: pickLanguage(event.headers?.['accept-language']),
      requestId: context.awsRequestId,
      header: (name) => event.headers?.[name.toLowerCase()],
    });
    return {
      statusCode: 200,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
      body: JSON.stringify(reply.body),
    };
  };
  // Answers 503 this long before Lambda's own timeout (which would end in API Gateway's bare error).
  const handler = middy<ApiEvent, ApiResult, Error, ApiContext>(base, {
    timeoutEarlyInMillis: TIMEOUT_EARLY_MS,
    timeoutEarlyResponse: () => {
      throw new AppError(503, 'server.deadline');
    },
  })
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(accessLog(route))
    .use(routeMetrics(route))
    .use(httpSecurityHeaders())
    .use(notifications())
    .use(
      httpErrorHandler({
        logger: (error: Error) => {
          const status = (error as { statusCode?: number }).statusCode;
          if (!status || status >= 500) logger.error('request failed', { error });
        },
        fallbackMessage: 'server.error',
      }),
    )
    .use(dependencyErrors())
    .use(httpHeaderNormalizer())
    .use(authorize(route));
  if (hasBody(route)) handler.use(bodyLimit()).use(httpJsonBodyParser());
  for (const middleware of extra) handler.use(middleware);
  // Every call and every retry of the request draws on one budget: its attempts and its time.
  return (event: ApiEvent, context: ApiContext): Promise<ApiResult> => withBudget(context.getRemainingTimeInMillis(), () => handler(event, context));
}

const TIMEOUT_EARLY_MS = 250;

/** The caller of a route that requires a token. */
export function callerOf(request: ApiRequest): Caller {
  if (!request.identity) throw new AppError(401, 'auth.token_missing');
  return request.identity;
}

export const tenantOf = (request: ApiRequest): Tenant => ({
  client: request.params.clientUuid!,
  facility: request.params.facilityUuid!,
});

/** A single-item response (interface §2.6) with its notifications, read-only members ignored as a Warning. */
export function single(
  model: string,
  item: unknown,
  options: { success?: NotificationSpec; ignored?: string[]; language: Language; headers?: Record<string, string>; extra?: Record<string, unknown> },
): ApiReply {
  const specs: NotificationSpec[] = [];
  if (options.success) specs.push(options.success);
  if (options.ignored?.length) {
    specs.push({ key: 'request.read_only_ignored', details: options.ignored.map((field) => ({ key: 'detail.read_only_member', params: { field } })) });
  }
  return {
    body: { [model]: item, Notifications: specs.map((s) => notification(s, options.language)), ...options.extra },
    ...(options.headers ? { headers: options.headers } : {}),
  };
}

/** A collection response (interface §2.6): the items, the CollectionConfiguration, the notifications. */
function collection(name: string, items: unknown[], configuration: CollectionConfiguration, language: Language, notifications: NotificationSpec[] = []): ApiReply {
  return { body: { [name]: items, CollectionConfiguration: configuration, Notifications: notifications.map((s) => notification(s, language)) } };
}

/** One page of a paginated collection; `endpoint(n)` is the absolute address of page n. */
export function pageReply(request: ApiRequest, name: string, listing: { items: unknown[]; total: number }, page: number, endpoint: (page: number) => string): ApiReply {
  const configuration = pageConfiguration({ name, total: listing.total, page, pageSize: config.pageSize, itemsOnPage: listing.items.length, endpoint });
  return collection(name, listing.items, configuration, request.language);
}

/**
 * An unpaginated collection up to `cap` items; `truncated` adds the Warning that points to the page
 * operation. Its endpoints are its own address (`self`, with the query it keeps).
 */
export function wholeReply(request: ApiRequest, name: string, listing: { items: unknown[]; total: number; truncated?: boolean }, cap: number, query = ''): ApiReply {
  const self = `${baseUrl(request)}${request.event.rawPath}${query}`;
  const configuration = wholeConfiguration({ name, total: listing.total, cap, itemsOnPage: listing.items.length, self });
  return collection(name, listing.items, configuration, request.language, listing.truncated ? [{ key: 'collection.truncated', params: { cap, total: listing.total } }] : []);
}

/** The absolute address of the API as the caller reached it (`https://host`; locally `http://127.0.0.1:3000`). */
export function baseUrl(request: ApiRequest): string {
  const protocol = request.header('x-forwarded-proto') ?? 'https';
  const host = request.event.requestContext.domainName || request.header('host') || 'localhost';
  return `${protocol}://${host}`;
}

/**
 * No collection holds more than MAX_PAGE pages (100 million items at 100 a page): any higher page
 * number is answered as page MAX_PAGE + 1, an empty page past the end, so no offset or query limit
 * computed from it can overflow.
 */
export const MAX_PAGE = 1_000_000;

/** The page number of a page route: `/page` is 1; `/page/{page}` must be a positive whole number (else 400). */
export function pageOf(request: ApiRequest): number {
  const text = request.params.page;
  if (text === undefined) return 1;
  const page = Number(text);
  if (!PAGE_PATTERN.test(text) || !Number.isSafeInteger(page)) throw badRequest([{ key: 'detail.page', params: { field: 'page' } }]);
  return Math.min(page, MAX_PAGE + 1);
}
