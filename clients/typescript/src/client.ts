/**
 * The client: one per base URL and token provider. Every operation of the operation table becomes a function under
 * its operationId's segments (`api.container.create`); openapi-fetch builds each request (path, query, body) and
 * reads its answer; this module adds the token, the headers the document declares, the retries, the unwrapping and
 * the error, and the iterators of the paginated listings.
 */
import createFetchClient from 'openapi-fetch';
import { ApiError } from './errors.js';
import { OPERATIONS } from './operations.js';
import { DEFAULT_RETRY, retrying, type RetryPolicy } from './retry.js';
import type { Client, CollectionConfiguration, Notifications, OperationId } from './types.js';

export interface ClientOptions {
  /** Where the API is: `https://api.example.org`, locally `http://127.0.0.1:3000`. */
  baseUrl: string;
  /** The bearer token, or what gives it (asked before each try of each call, so a fresh one can be handed out). */
  token?: string | (() => string | undefined | Promise<string | undefined>);
  /** `Accept-Language` of every call (`de`, `en`) unless a call gives its own. */
  language?: string;
  /** The retries of 503 and 429 answers and of lost requests where safe; `{ retries: 0 }` turns them off. */
  retry?: Partial<RetryPolicy>;
  /** The fetch to send with (a proxy's, a test's): the global fetch unless given. */
  fetch?: (request: Request) => Promise<Response>;
  /** Headers sent with every call. */
  headers?: Record<string, string>;
}

type Operation = (typeof OPERATIONS)[OperationId];
type Values = Record<string, unknown>;
interface Options {
  language?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  accept?: string;
  ifMatch?: string;
  idempotencyKey?: string;
  from?: number;
}
interface RawAnswer {
  data: unknown;
  notifications: Notifications;
  status: number;
  headers: Headers;
  collection?: CollectionConfiguration;
  etag?: string;
  idempotencyKey?: string;
}

/** Splits one parameters object into the operation's path and query parameters; an unknown name is refused here. */
function paramsOf(id: OperationId, operation: Operation, params: Values = {}) {
  const path: Values = {};
  const query: Values = {};
  for (const [name, value] of Object.entries(params)) {
    if ((operation.pathParams as readonly string[]).includes(name)) path[name] = value;
    else if ((operation.queryParams as readonly string[]).includes(name)) {
      if (value !== undefined) query[name] = value;
    } else throw new TypeError(`${id} takes no parameter ${JSON.stringify(name)}`);
  }
  const missing = operation.pathParams.find((name) => path[name] === undefined || path[name] === '');
  if (missing) throw new TypeError(`${id} needs its path parameter ${missing}`);
  return { path, query };
}

export function createClient(options: ClientOptions): Client {
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const send = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const tokenOf = async () => (typeof options.token === 'function' ? await options.token() : options.token);
  const withToken = async (request: Request) => {
    const token = await tokenOf();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  };
  const fetchClient = createFetchClient({ baseUrl: options.baseUrl });
  const publicFetch = retrying(policy, send, async (request) => request);
  const privateFetch = retrying(policy, send, withToken);

  async function call(id: OperationId, params: Values | undefined, body: unknown, given: Options = {}) {
    const operation = OPERATIONS[id];
    const media = given.accept ?? operation.media[0];
    const idempotencyKey = operation.idempotencyKey ? (given.idempotencyKey ?? crypto.randomUUID()) : undefined;
    const language = given.language ?? options.language;
    const headers: Record<string, string> = {
      ...options.headers,
      ...given.headers,
      ...(media ? { Accept: media } : {}),
      ...(language ? { 'Accept-Language': language } : {}),
      ...(operation.ifMatch && given.ifMatch ? { 'If-Match': given.ifMatch } : {}),
      ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
    };
    // The table's operation is the document's, so openapi-fetch's own path typing has nothing to add here.
    const { data, error, response }: { data?: unknown; error?: unknown; response: Response } =
      await fetchClient.request(
        operation.method as 'get',
        operation.path as never,
        {
          params: paramsOf(id, operation, params),
          ...(body !== undefined ? { body: body as never } : {}),
          headers,
          parseAs: media === 'application/json' ? 'json' : 'text',
          fetch: operation.auth ? privateFetch : publicFetch,
          ...(given.signal ? { signal: given.signal } : {}),
        } as never,
      );
    if (response.status !== operation.success) {
      const notifications = (error as { Notifications?: unknown } | undefined)?.Notifications;
      throw new ApiError(
        id,
        response.status,
        (Array.isArray(notifications) ? notifications : []) as never,
        response.headers,
        idempotencyKey,
      );
    }
    const json = media === 'application/json' && operation.notifications ? (data as Values) : undefined;
    const answer: RawAnswer = {
      data: json ? (operation.member ? json[operation.member] : withoutNotifications(json)) : data,
      notifications: (json?.Notifications as Notifications | undefined) ?? [],
      status: response.status,
      headers: response.headers,
    };
    if (json && operation.collection) answer.collection = json.CollectionConfiguration as CollectionConfiguration;
    const etag = response.headers.get('etag');
    if (operation.etag && etag) answer.etag = etag;
    if (idempotencyKey) answer.idempotencyKey = idempotencyKey;
    return answer;
  }

  /** The pages of a paginated listing from `from` (1) to its last, each asked when the one before was read. */
  async function* pages(id: OperationId, params: Values, given: Options = {}) {
    for (let page = given.from ?? 1; ; ) {
      const answer = await call(id, { ...params, page: String(page) }, undefined, given);
      yield answer;
      const where = answer.collection;
      if (!where || where.CurrentPage >= where.LastPage || where.NextPage <= where.CurrentPage) return;
      page = where.NextPage;
    }
  }

  /**
   * Every item of every page, each once: a record written meanwhile moves the older ones down a page (newest first),
   * so an item met again on the next page (by its Uuid) is passed over.
   */
  async function* items(id: OperationId, params: Values, given: Options = {}) {
    const seen = new Set<unknown>();
    for await (const page of pages(id, params, given)) {
      for (const item of page.data as Values[]) {
        const uuid = item?.Uuid;
        if (typeof uuid === 'string') {
          if (seen.has(uuid)) continue;
          seen.add(uuid);
        }
        yield item;
      }
    }
  }

  const root: Values = {};
  // Shorter ids first, so an operation is in place before the ones below it hang on it.
  const ids = (Object.keys(OPERATIONS) as OperationId[]).sort((a, b) => a.split('.').length - b.split('.').length);
  for (const id of ids) {
    const operation = OPERATIONS[id];
    const method = (...args: unknown[]) => {
      const [params, body, given] = operation.body === 'none' ? [args[0], undefined, args[1]] : args;
      return call(id, params as Values | undefined, body, given as Options | undefined);
    };
    if (operation.paginated) {
      Object.assign(method, {
        pages: (params: Values, given?: Options) => pages(id, params, given),
        items: (params: Values, given?: Options) => items(id, params, given),
      });
    }
    const segments = id.split('.');
    let parent = root;
    for (const segment of segments.slice(0, -1)) {
      parent[segment] ??= {};
      parent = parent[segment] as Values;
    }
    Object.defineProperty(parent, segments.at(-1)!, { value: method, enumerable: true });
  }
  return root as unknown as Client;
}

function withoutNotifications(body: Values): Values {
  const { Notifications: _, ...rest } = body;
  return rest;
}
