/**
 * The local HTTP API: API Gateway v2 in small. Matches requests against the route table (with the
 * trailing-slash twins), builds payload-format-2.0 events, runs the authorizer and the handler
 * (infra/local/lambda.ts) and writes the result back. CORS preflights are answered as the stack's
 * HTTP API answers them.
 */
import { CORS_ALLOW_HEADERS, CORS_EXPOSE_HEADERS, CORS_MAX_AGE_SECONDS } from '../../shared/http/cors';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { Duplex } from 'node:stream';
import { config } from '../../shared/config';
import type { ApiEvent } from '../../shared/http/types';
import { languageOf, notification } from '../../shared/i18n/translate';
import { GREEDY, HTTP_METHODS, MalformedPathError, matchRoute } from '../../shared/routes';
import { logger } from '../../shared/observability';
import { FunctionCrashed } from './faults';
import { invokeRoute } from './lambda';

/** What API Gateway answers when its integration fails (a function that died, timed out, ran out of memory). */
export const API_GATEWAY_FAILURE = { message: 'Internal Server Error' };

/** API Gateway's payload limit. */
const MAX_PAYLOAD = 10 * 1024 * 1024;
const TEXT_TYPES = /^(application\/(json|.*\+json|xml|x-www-form-urlencoded)|text\/)/i;

type GatewayKey =
  | 'route.not_found'
  | 'request.too_large'
  | 'request.malformed_path'
  | 'request.headers_too_large'
  | 'request.bad_request'
  | 'server.error';

/**
 * The gateway's own answers (no route, payload too large, a malformed path, a failed integration) in the Notifications
 * envelope.
 */
async function errorReply(
  res: http.ServerResponse,
  acceptLanguage: string | undefined,
  status = 404,
  key: GatewayKey = 'route.not_found',
) {
  const language = await languageOf(acceptLanguage);
  const body = { Notifications: [notification({ key, params: { max: MAX_PAYLOAD } }, language)] };
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/**
 * Reads a body up to MAX_PAYLOAD. Past it the answer (413) goes out at once, and what still arrives
 * is dropped until the connection closes (the answer says `Connection: close`): a client that stops
 * sending the body and sends its next request meets a closed connection, never a server still
 * waiting for the rest of the body.
 */
function readBody(req: http.IncomingMessage): Promise<Buffer | 'too_large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      const wasOver = size > MAX_PAYLOAD;
      size += chunk.length;
      if (size <= MAX_PAYLOAD) chunks.push(chunk);
      else if (!wasOver) {
        chunks.length = 0;
        resolve('too_large');
      }
    });
    req.once('end', () => resolve(size > MAX_PAYLOAD ? 'too_large' : Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

/**
 * What Node's HTTP parser refuses before a request exists (headers over its limit, a malformed
 * request line) is answered in the same envelope, then the connection closes.
 */
function clientErrorReply(error: Error & { code?: string }, socket: Duplex): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const [status, key]: [number, GatewayKey] =
    error.code === 'HPE_HEADER_OVERFLOW' ? [431, 'request.headers_too_large'] : [400, 'request.bad_request'];
  const body = JSON.stringify({ Notifications: [notification({ key }, 'en')] });
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\ncontent-type: application/json\r\ncontent-length: ` +
      `${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

function joinHeaders(req: http.IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === 'cookie') continue;
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  return headers;
}

function toEvent(
  req: http.IncomingMessage,
  url: URL,
  body: Buffer,
  match: NonNullable<ReturnType<typeof matchRoute>>,
): ApiEvent {
  // API Gateway adds the X-Forwarded-* headers; here the protocol is plain HTTP.
  const headers: Record<string, string> = {
    ...joinHeaders(req),
    'x-forwarded-proto': 'http',
    'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1',
  };
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
  return allowed
    ? {
        'access-control-allow-origin': allowed,
        'access-control-expose-headers': CORS_EXPOSE_HEADERS.join(',').toLowerCase(),
        vary: 'Origin',
      }
    : {};
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
    'access-control-allow-headers': CORS_ALLOW_HEADERS.join(',').toLowerCase(),
    'access-control-max-age': String(CORS_MAX_AGE_SECONDS),
  });
  res.end();
  return true;
}

/**
 * On AWS every request runs in an execution environment of its own, so one tenant's burst does not
 * queue another tenant's requests. This one process has a couple of cores for everybody; it stands
 * in for that isolation by running at most TENANT_CONCURRENCY requests of one tenant (client and
 * facility of the path, else the bearer token) at a time: a burst waits behind itself, in order.
 */
const TENANT_CONCURRENCY = Number(process.env.LOCAL_TENANT_CONCURRENCY ?? 2);
const lanes = new Map<string, { running: number; waiting: (() => void)[] }>();
async function inTenantLane<T>(tenant: string, work: () => Promise<T>): Promise<T> {
  const lane = lanes.get(tenant) ?? { running: 0, waiting: [] };
  lanes.set(tenant, lane);
  if (lane.running >= TENANT_CONCURRENCY) await new Promise<void>((resolve) => lane.waiting.push(resolve));
  lane.running += 1;
  try {
    return await work();
  } finally {
    lane.running -= 1;
    const next = lane.waiting.shift();
    if (next) next();
    else if (!lane.running) lanes.delete(tenant);
  }
}
const tenantOf = (event: ApiEvent) => {
  const { clientUuid, facilityUuid } = event.pathParameters ?? {};
  return clientUuid && facilityUuid ? `${clientUuid}/${facilityUuid}` : (event.headers.authorization ?? '');
};

export function createGateway(): http.Server {
  const server = http.createServer(async (req, res) => {
    const acceptLanguage = req.headers['accept-language'];
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (req.method === 'OPTIONS' && preflight(req, res, url.pathname)) return;
      const match = matchRoute(req.method ?? 'GET', url.pathname);
      if (!match) {
        req.resume();
        return errorReply(res, acceptLanguage);
      }
      const body = await readBody(req);
      if (body === 'too_large') {
        res.shouldKeepAlive = false;
        return errorReply(res, acceptLanguage, 413, 'request.too_large');
      }
      const event = toEvent(req, url, body, match);
      const result = await inTenantLane(tenantOf(event), () => invokeRoute(match.route, event));
      const headers: Record<string, string | string[]> = {
        ...(result.headers as Record<string, string>),
        ...corsHeaders(req),
      };
      if (result.cookies?.length) headers['set-cookie'] = result.cookies;
      const responseBody =
        result.body === undefined ? '' : result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body;
      res.writeHead(result.statusCode ?? 200, headers).end(responseBody);
    } catch (error) {
      if (error instanceof MalformedPathError) {
        // API Gateway refuses such a path itself, with 400.
        req.resume();
        return errorReply(res, acceptLanguage, 400, 'request.malformed_path');
      }
      // What API Gateway does when an integration fails: 500, nothing of the error shown; for a function whose
      // process stopped (an injected crash, infra/local/faults.ts) exactly API Gateway's own answer.
      logger.error('local gateway: invocation failed', { error: error as Error });
      if (res.headersSent) return;
      if (error instanceof FunctionCrashed)
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify(API_GATEWAY_FAILURE));
      else await errorReply(res, acceptLanguage, 500, 'server.error');
    }
  });
  server.on('clientError', clientErrorReply);
  return server;
}
