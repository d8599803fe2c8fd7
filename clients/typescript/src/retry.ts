/**
 * Retries: an answer 503 (a dependency was down or time ran out; nothing was written) or 429 (throttled) is asked
 * again after its Retry-After, else after an exponential backoff with jitter; a request that never got an answer (the
 * network failed) is asked again only when that is safe: a GET, or a write that carries its Idempotency-Key (the same
 * key and body again answer the first result, never a second write).
 */

export interface RetryPolicy {
  /** How many times a request is asked again at most (0: never). */
  retries: number;
  /** The backoff's first wait, without Retry-After: it doubles with each retry, a random part of it is waited. */
  baseDelayMs: number;
  /** The longest wait: an answer whose Retry-After asks for longer is not retried but thrown. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 3, baseDelayMs: 250, maxDelayMs: 20_000 };

/** The answers asked again. */
export const RETRIED_STATUSES: ReadonlySet<number> = new Set([429, 503]);

/** Retry-After's wait in milliseconds: seconds, or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  if (/^\s*\d+\s*$/.test(header)) return Number(header) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The wait before retry number `retry` (0 for the first): full jitter over base × 2^retry, at most the longest. */
export const backoffMs = (policy: RetryPolicy, retry: number, random = Math.random) =>
  Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry) * (0.5 + random() / 2);

function sleep(ms: number, signal: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', abort, { once: true });
  });
}

/**
 * A fetch that asks again as the policy says. Each try sends a copy of the request (its body too) with the headers
 * `prepare` gives it then (the token, fetched anew for each try).
 */
export function retrying(
  policy: RetryPolicy,
  send: (request: Request) => Promise<Response>,
  prepare: (request: Request) => Promise<Request>,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const safe = request.method === 'GET' || request.headers.has('idempotency-key');
    for (let retry = 0; ; retry += 1) {
      let response: Response;
      try {
        response = await send(await prepare(request.clone()));
      } catch (error) {
        if (!safe || retry >= policy.retries || request.signal?.aborted) throw error;
        await sleep(backoffMs(policy, retry), request.signal);
        continue;
      }
      if (!RETRIED_STATUSES.has(response.status) || retry >= policy.retries) return response;
      const wait = retryAfterMs(response.headers.get('retry-after')) ?? backoffMs(policy, retry);
      if (wait > policy.maxDelayMs) return response;
      await response.body?.cancel();
      await sleep(wait, request.signal);
    }
  };
}
