/**
 * The one Middy stack every HTTP function runs in. In order: Powertools logger context, one access
 * log line and one metrics line (EMF) per request, security headers, errors shaped into the
 * Notifications envelope (after Middy's http-error-handler has hidden anything not meant for
 * clients), dependency failures as 503, header normalization, identity/tenant/role checks from the
 * authorizer's context, the query against what the route declares, body size and JSON parsing
 * (duplicate members refused). A handler receives an `ApiRequest` and returns an `ApiReply`. CORS is
 * the API's concern: the HTTP API's CORS configuration answers preflights and adds the headers to
 * every response (the local gateway does the same from the same setting).
 */
import middy from '@middy/core';
import httpErrorHandler from '@middy/http-error-handler';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import httpSecurityHeaders from '@middy/http-security-headers';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { AppError } from '../errors';
import { languageOf } from '../i18n/translate';
import { logger } from '../observability';
import type { Route } from '../routes/types';
import { requestIdentity, withRequestScope } from '../replay';
import { expireBudget, withBudget } from '../retry';
import {
  accessLog,
  authorize,
  bodyLimit,
  dependencyErrors,
  notifications,
  queryParameters,
  routeMetrics,
} from './middleware';
import { jsonBody } from './json';
import {
  IDEMPOTENCY,
  type ApiContext,
  type ApiEvent,
  type ApiMiddleware,
  type ApiReply,
  type ApiRequest,
  type ApiResult,
} from './types';

const hasBody = (route: Route) => route.method === 'POST' || route.method === 'PUT';

/** Answers 503 this long before Lambda's own timeout (which would end in API Gateway's bare error). */
const TIMEOUT_EARLY_MS = 250;

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
    // Started with no time left for anything but the early answer: say so at once.
    if (context.getRemainingTimeInMillis() <= TIMEOUT_EARLY_MS) throw new AppError(503, 'server.deadline');
    // Once the early answer has gone out, this invocation sends no more writes.
    options?.signal?.addEventListener('abort', expireBudget());
    const reply = await fn({
      event,
      route,
      params: (event.pathParameters ?? {}) as Record<string, string>,
      query: context.query ?? {},
      body: event.body,
      identity: context.caller,
      language: await languageOf(event.headers?.['accept-language']),
      // A retry that took over its first attempt's identity (shared/replay.ts) is the same request to the audit.
      requestId: requestIdentity()?.RequestId ?? context.awsRequestId,
      functionName: context.functionName,
      header: (name) => event.headers?.[name.toLowerCase()],
    });
    if (reply.raw) {
      const headers = { ...reply.headers, 'Content-Type': reply.raw.contentType };
      // Bytes travel base64-encoded, as API Gateway passes a binary answer of Lambda on.
      if ('bytes' in reply.raw)
        return {
          statusCode: 200,
          headers,
          body: Buffer.from(reply.raw.bytes).toString('base64'),
          isBase64Encoded: true,
        };
      return { statusCode: 200, headers, body: reply.raw.text };
    }
    return {
      statusCode: 200,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
      body: JSON.stringify(reply.body),
    };
  };
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
    .use(authorize(route))
    .use(queryParameters(route));
  if (hasBody(route)) handler.use(bodyLimit()).use(jsonBody(route.optionalBody ?? false));
  for (const middleware of extra) handler.use(middleware);
  // Every call and every retry of the request draws on one budget: its attempts and its time; its identity is its own.
  return (event: ApiEvent, context: ApiContext): Promise<ApiResult> =>
    withBudget(context.getRemainingTimeInMillis(), () =>
      withRequestScope(context.awsRequestId, () => handler(event, context)),
    );
}
