/** What a handler reads from its request: the caller, the tenant, the page number, the API's own address. */
import { decidingRange, qualityRanges } from '../quality-values';
import type { Caller } from '../auth/claims';
import type { Tenant } from '../data/table';
import { PAGE_PATTERN } from '../domain/values';
import { AppError, badRequest } from '../errors';
import type { ApiRequest } from './types';

/** The caller of a route that requires a token. */
export function callerOf(request: ApiRequest): Caller {
  if (!request.identity) throw new AppError(401, 'auth.token_missing');
  return request.identity;
}

export const tenantOf = (request: ApiRequest): Tenant => ({
  client: request.params.clientUuid!,
  facility: request.params.facilityUuid!,
});

/** The absolute address of the API as the caller reached it (`https://host`; locally `http://127.0.0.1:3000`). */
export function baseUrl(request: ApiRequest): string {
  const protocol = request.header('x-forwarded-proto') ?? 'https';
  const host = request.event.requestContext.domainName || request.header('host') || 'localhost';
  return `${protocol}://${host}`;
}

/**
 * A route's `path` filled for this request: its variables from the request's own (`{clientUuid}`), `values` over them
 * (`{ page: 2 }`).
 */
export const routePath = (request: ApiRequest, path: string, values: Record<string, string | number> = {}): string =>
  path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(values[name] ?? request.params[name] ?? '')),
  );

/** The absolute address of a route's `path` for this request (routePath after the API's own address). */
export function routeUrl(request: ApiRequest, path: string, values: Record<string, string | number> = {}): string {
  return `${baseUrl(request)}${routePath(request, path, values)}`;
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
  if (!PAGE_PATTERN.test(text) || !Number.isSafeInteger(page))
    throw badRequest([{ key: 'detail.page', params: { field: 'page' } }]);
  return Math.min(page, MAX_PAGE + 1);
}

/**
 * The media type to answer in, from `Accept` (RFC 9110 §12.5.1): of those offered (the first is the default),
 * the one with the highest q-value by the most specific matching range; 406 when none is acceptable.
 */
export function negotiate<T extends string>(request: ApiRequest, offered: readonly [T, ...T[]]): T {
  const accept = request.header('accept');
  if (!accept?.trim()) return offered[0];
  const ranges = qualityRanges(accept);
  const specificity = (range: string, type: string) =>
    range === type ? 3 : range === `${type.split('/')[0]}/*` ? 2 : range === '*/*' ? 1 : 0;
  const qualityOf = (type: string) => decidingRange(ranges, type, specificity)?.q ?? 0;
  const best = [...offered].sort((a, b) => qualityOf(b) - qualityOf(a))[0]!;
  if (qualityOf(best) <= 0)
    throw new AppError(406, 'request.not_acceptable', { params: { types: offered.join(', ') } });
  return best;
}
