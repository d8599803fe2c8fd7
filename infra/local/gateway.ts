/**
 * The local HTTP API: API Gateway v2 in small. Matches requests against the route table (with the
 * trailing-slash twins), builds payload-format-2.0 events, runs the authorizer and the handler
 * (infra/local/lambda.ts) and writes the result back. CORS preflights are answered as the stack's
 * HTTP API answers them.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { config } from '../../shared/config';
import type { ApiEvent } from '../../shared/http/handler';
import { notification, pickLanguage } from '../../shared/i18n/translate';
import { GREEDY, HTTP_METHODS, matchRoute } from '../../shared/routes';
import { logger } from '../../shared/observability';
import { invokeRoute } from './lambda';

/** API Gateway's payload limit. */
const MAX_PAYLOAD = 10 * 1024 * 1024;
const TEXT_TYPES = /^(application\/(json|.*\+json|xml|x-www-form-urlencoded)|text\/)/i;

/** The gateway's own answers (no route, payload too large, a failed integration) in the Notifications envelope. */
function errorReply(res: http.ServerResponse, acceptLanguage: string | undefined, status = 404, key: 'route.not_found' | 'request.too_large' | 'server.error' = 'route.not_found') {
  const body = { Notifications: [notification({ key, params: { max: MAX_PAYLOAD } }, pickLanguage(acceptLanguage))] };
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function joinHeaders(req: http.IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === 'cookie') continue;
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  return headers;
}

function toEvent(req: http.IncomingMessage, url: URL, body: Buffer, match: NonNullable<ReturnType<typeof matchRoute>>): ApiEvent {
  // API Gateway adds the X-Forwarded-* headers; here the protocol is plain HTTP.
  const headers: Record<string, string> = { ...joinHeaders(req), 'x-forwarded-proto': 'http', 'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1' };
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;
  const text = TEXT_TYPES.test(headers['content-type'] ?? '') || body.length === 0;
  const now = new Date();
  return {
    version: '2.0',
    routeKey: match.routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    ...(req.headers.cookie ? { cookies: req.headers.cookie.split(/;\s*/) } : {}),
    headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(Object.keys(match.pathParameters).length ? { pathParameters: match.pathParameters } : {}),
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'localhost').split('.')[0]!,
      http: {
        method: req.method!,
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: match.routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    ...(body.length ? { body: text ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: !text,
  };
}

/** What API Gateway's CORS configuration adds to a response for a request from an allowed origin. */
function corsHeaders(req: http.IncomingMessage): Record<string, string> {
  const origin = req.headers.origin;
  if (!origin) return {};
  const allowed = config.corsOrigins.includes('*') ? '*' : config.corsOrigins.includes(origin) ? origin : undefined;
  return allowed ? { 'access-control-allow-origin': allowed, 'access-control-expose-headers': 'etag', vary: 'Origin' } : {};
}

function preflight(req: http.IncomingMessage, res: http.ServerResponse, pathname: string): boolean {
  // Methods with a route at this path (a twin's greedy part must be empty, as in the handler's check).
  const methods = HTTP_METHODS.filter((method) => {
    const match = matchRoute(method, pathname);
    return match && !match.pathParameters[GREEDY];
  });
  if (!methods.length) return false;
  res.writeHead(204, {
    ...corsHeaders(req),
    'access-control-allow-methods': methods.join(','),
    'access-control-allow-headers': 'authorization,content-type,if-match,accept-language',
    'access-control-max-age': '600',
  });
  res.end();
  return true;
}

export function createGateway(): http.Server {
  return http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const acceptLanguage = req.headers['accept-language'];
    try {
      if (req.method === 'OPTIONS' && preflight(req, res, url.pathname)) return;
      const match = matchRoute(req.method ?? 'GET', url.pathname);
      if (!match) {
        req.resume();
        return errorReply(res, acceptLanguage);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of req) {
        size += (chunk as Buffer).length;
        if (size > MAX_PAYLOAD) return errorReply(res, acceptLanguage, 413, 'request.too_large');
        chunks.push(chunk as Buffer);
      }
      const event = toEvent(req, url, Buffer.concat(chunks), match);
      const result = await invokeRoute(match.route, event);
      const headers: Record<string, string | string[]> = { ...(result.headers as Record<string, string>), ...corsHeaders(req) };
      if (result.cookies?.length) headers['set-cookie'] = result.cookies;
      const body = result.body === undefined ? '' : result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body;
      res.writeHead(result.statusCode ?? 200, headers).end(body);
    } catch (error) {
      // What API Gateway does when an integration fails: 500, nothing of the error shown.
      logger.error('local gateway: invocation failed', { error: error as Error });
      if (!res.headersSent) errorReply(res, acceptLanguage, 500, 'server.error');
    }
  });
}
