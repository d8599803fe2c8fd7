/** The answers of interface §2.6: a single item, a page of a collection, a whole collection. */
import { config } from '../config';
import { pageConfiguration, wholeConfiguration, type CollectionConfiguration } from '../domain/collection';
import type { Language, MessageKey } from '../i18n/messages';
import { notification, type NotificationSpec } from '../i18n/translate';
import type { Route } from '../routes/types';
import { baseUrl, routeUrl } from './request';
import type { ApiReply, ApiRequest } from './types';

/** A single-item response (interface §2.6) with its notifications, read-only members ignored as a Warning. */
export function single(
  model: string,
  item: unknown,
  options: {
    success?: NotificationSpec;
    ignored?: string[];
    /** Info/Warning notes of the use case, after the reply's own notifications. */
    notes?: readonly NotificationSpec[];
    language: Language;
    headers?: Record<string, string>;
    extra?: Record<string, unknown>;
  },
): ApiReply {
  const specs: NotificationSpec[] = [];
  if (options.success) specs.push(options.success);
  if (options.ignored?.length) {
    specs.push({
      key: 'request.read_only_ignored',
      details: options.ignored.map((field) => ({ key: 'detail.read_only_member', params: { field } })),
    });
  }
  specs.push(...(options.notes ?? []));
  return {
    body: { [model]: item, Notifications: specs.map((s) => notification(s, options.language)), ...options.extra },
    ...(options.headers ? { headers: options.headers } : {}),
  };
}

/** A collection response (interface §2.6): the items, the CollectionConfiguration, the notifications. */
function collection(
  name: string,
  items: unknown[],
  configuration: CollectionConfiguration,
  language: Language,
  notifications: NotificationSpec[] = [],
): ApiReply {
  return {
    body: {
      [name]: items,
      CollectionConfiguration: configuration,
      Notifications: notifications.map((s) => notification(s, language)),
    },
  };
}

/** The query a collection's addresses keep: the request's, as its route declares it (a filter, a year). */
function keptQuery(request: ApiRequest): string {
  const kept = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query)) kept.append(name, String(value));
  return kept.size ? `?${kept}` : '';
}

/**
 * One page of a paginated collection. Page n's address is the `numbered` route's (`.../page/{page}`) with the
 * request's path variables and query.
 */
export function pageReply(
  request: ApiRequest,
  name: string,
  listing: { items: unknown[]; total: number },
  page: number,
  numbered: Pick<Route, 'path'>,
): ApiReply {
  const query = keptQuery(request);
  const configuration = pageConfiguration({
    name,
    total: listing.total,
    page,
    pageSize: config.pageSize,
    itemsOnPage: listing.items.length,
    endpoint: (n) => `${routeUrl(request, numbered.path, { page: n })}${query}`,
  });
  return collection(name, listing.items, configuration, request.language);
}

/**
 * An unpaginated collection up to `cap` items; `truncated` adds a Warning (by default the one that points to
 * the page operation). Its endpoints are its own address (`self`, with the request's query).
 */
export function wholeReply(
  request: ApiRequest,
  name: string,
  listing: { items: unknown[]; total: number; truncated?: boolean },
  cap: number,
  /** What a cut listing says (with the cap and the total). */
  truncation: MessageKey = 'collection.truncated',
): ApiReply {
  const self = `${baseUrl(request)}${request.event.rawPath}${keptQuery(request)}`;
  const configuration = wholeConfiguration({
    name,
    total: listing.total,
    cap,
    itemsOnPage: listing.items.length,
    self,
  });
  return collection(
    name,
    listing.items,
    configuration,
    request.language,
    listing.truncated ? [{ key: truncation, params: { cap, total: listing.total } }] : [],
  );
}
