/**
 * An API Gateway event (HTTP API, payload 2.0) as the authorizer hands it to a function, for tests that call a
 * handler directly rather than through the local gateway. The caller is one person of one tenant, valid a minute.
 */
import { toAuthorizerContext } from '../../shared/auth/claims';
import type { ApiEvent } from '../../shared/http/types';

export function apiEvent(
  options: {
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
    rawPath?: string;
    pathParameters?: Record<string, string>;
    headers?: Record<string, string>;
    body?: unknown;
    tenant?: { client: string; facility: string };
    /** The caller's roles (none unless said) and the query string's parameters. */
    roles?: string[];
    query?: Record<string, string>;
  } = {},
): ApiEvent {
  const { method = 'GET', rawPath = '/', tenant = { client: 'c1', facility: 'f1' } } = options;
  const body = options.body === undefined ? {} : { body: JSON.stringify(options.body) };
  return {
    version: '2.0',
    routeKey: `${method} x`,
    rawPath,
    rawQueryString: new URLSearchParams(options.query).toString(),
    ...(options.query ? { queryStringParameters: options.query } : {}),
    headers: { ...(options.body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
    pathParameters: options.pathParameters ?? {},
    isBase64Encoded: false,
    ...body,
    requestContext: {
      accountId: '1',
      apiId: 'x',
      domainName: 'x',
      domainPrefix: 'x',
      requestId: 'r1',
      routeKey: 'x',
      stage: '$default',
      time: '',
      timeEpoch: 0,
      http: { method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' },
      authorizer: {
        lambda: toAuthorizerContext({
          sub: 's1',
          name: undefined,
          clients: [tenant.client],
          facilities: [tenant.facility],
          roles: options.roles ?? [],
          exp: Math.floor(Date.now() / 1000) + 60,
        }),
      },
    },
  } as ApiEvent;
}
