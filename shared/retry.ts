/**
 * The one retry policy of the service (handlers, the stream processor, the state machines, the local
 * runtime): which errors are worth another attempt, at most MAX_ATTEMPTS attempts per request, jittered
 * backoff inside the time the request has left, and no write sent once the deadline is too close.
 *
 * A request's budget (its deadline and the attempts it has left) lives in an AsyncLocalStorage, so
 * every SDK call and every optimistic re-try of one request draws on the same budget, however they
 * nest: one HTTP request never makes more than MAX_ATTEMPTS attempts of anything.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { isServerError, isThrottlingError, isTransientError } from '@smithy/core/retry';
import type {
  HandlerExecutionContext,
  InitializeHandler,
  InitializeHandlerArguments,
  MiddlewareStack,
} from '@smithy/types';

export const MAX_ATTEMPTS = 6;

/** Error names that say "try again": throttling, a conflicting transaction, a dependency briefly away. */
export const RETRYABLE_ERRORS = [
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'Throttling',
  'RequestLimitExceeded',
  'TooManyRequestsException',
  'SlowDown',
  'TransactionConflictException',
  'InternalServerError',
  'InternalError',
  'InternalFailure',
  'ServiceUnavailable',
  'RequestTimeout',
  'RequestTimeoutException',
  'TimeoutError',
  'Lambda.TooManyRequestsException',
  'Lambda.ServiceException',
] as const;

/** Network failures of a dependency that is down or unreachable (no AWS error name of their own). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** Leave this much time after a write is sent (the SDK's request timeout plus the early answer). */
export const COMMIT_MARGIN_MS = 3_500;
/** How long one SDK request may take before it is abandoned. */
export const REQUEST_TIMEOUT_MS = 3_000;

/**
 * What every SDK client of the service is created with, so the policy below is the only one: the SDK
 * makes one attempt, and a request that hangs is abandoned (and thrown) after REQUEST_TIMEOUT_MS.
 */
export const POLICY_CLIENT_OPTIONS = {
  maxAttempts: 1,
  requestHandler: { requestTimeout: REQUEST_TIMEOUT_MS, connectionTimeout: 1_000, throwOnRequestTimeout: true },
} as const;

/** Cancellation reasons of a transaction that only say "not now": another transaction on its items, throttling. */
const TRANSIENT_CANCELLATIONS = new Set(['TransactionConflict', 'ThrottlingError', 'ProvisionedThroughputExceeded']);

/**
 * A cancelled transaction is worth sending again when something only got in its way; one whose
 * condition failed is not (the same write would fail again): its caller reads afresh instead.
 */
const transientCancellation = (codes: string[]) =>
  codes.some((code) => TRANSIENT_CANCELLATIONS.has(code)) && !codes.includes('ConditionalCheckFailed');

/** DynamoDB left part of a batch unprocessed (it was throttled): the rest is sent again, paced like a throttle. */
export class UnprocessedError extends Error {
  override readonly name = 'UnprocessedItems';
}

type ErrorLike = { name?: string; code?: string; CancellationReasons?: { Code?: string }[] };

/**
 * Another attempt may succeed: the dependency was busy, throttled or briefly away. Besides the names above, what the
 * SDK itself classes as throttling, transient or a server's fault (a 429 or 5xx answer, whatever its code: S3 answers
 * a HEAD's 503 with no code at all).
 */
export function isUnavailable(error: unknown): boolean {
  const { name = '', code = '', CancellationReasons = [] } = (error ?? {}) as ErrorLike;
  return (
    (RETRYABLE_ERRORS as readonly string[]).includes(name) ||
    NETWORK_CODES.has(code) ||
    name === 'AbortError' ||
    error instanceof UnprocessedError ||
    (name === 'TransactionCanceledException' && transientCancellation(CancellationReasons.map((r) => r.Code ?? ''))) ||
    (typeof error === 'object' &&
      error !== null &&
      !(error instanceof DeadlineError) &&
      (isThrottlingError(error as never) || isTransientError(error as never) || isServerError(error as never)))
  );
}

/** The deadline passed before a write could be sent safely: nothing was written. */
export class DeadlineError extends Error {
  constructor() {
    super('The request deadline is too close to send a write');
    this.name = 'DeadlineError';
  }
}

/** Retries ran out (or the time did) on a dependency that kept failing: answer 503, try later. */
export class UnavailableError extends Error {
  constructor(
    override readonly cause: unknown,
    readonly attempts: number,
  ) {
    super(`A dependency stayed unavailable after ${attempts} attempt(s)`);
    this.name = 'UnavailableError';
  }
}

interface Budget {
  /** Epoch milliseconds by which the answer must be out. */
  deadline: number;
  /** Attempts beyond the first of each call, over the whole request. */
  retries: number;
}

const budgets = new AsyncLocalStorage<Budget>();

/** Runs `fn` as one request with `remainingMs` to go: every attempt inside draws on its budget. */
export function withBudget<T>(remainingMs: number, fn: () => Promise<T>): Promise<T> {
  return budgets.run({ deadline: Date.now() + remainingMs, retries: 0 }, fn);
}

/** A function that ends the current request's time: no write is sent after it is called. */
export function expireBudget(): () => void {
  const budget = budgets.getStore();
  return () => {
    if (budget) budget.deadline = 0;
  };
}

/** How many retries the current request has made so far (for logs and the bench). */
export const retriesMade = (): number => budgets.getStore()?.retries ?? 0;

const timeLeft = (): number => {
  const budget = budgets.getStore();
  return budget ? budget.deadline - Date.now() : Number.POSITIVE_INFINITY;
};

/** Throws DeadlineError when a write sent now might still be running when the answer goes out. */
export function assertTimeToCommit(): void {
  if (timeLeft() < COMMIT_MARGIN_MS) throw new DeadlineError();
}

/** Full-jitter backoff: a random pause up to min(1 s, 20 ms · 2^attempt). */
const pause = (attempt: number): number => Math.random() * Math.min(1_000, 20 * 2 ** attempt);

/**
 * Calls `attempt` until it succeeds, `retryable` says no, or the budget is spent: at most
 * MAX_ATTEMPTS attempts of anything in one request (its retries are counted across every retrying
 * call of the request, however nested), each pause inside the time left. Exhausted: the last error,
 * wrapped as UnavailableError when it was a dependency's.
 */
export async function retrying<T>(
  attempt: () => Promise<T>,
  retryable: (error: unknown) => boolean = isUnavailable,
): Promise<T> {
  // Outside a request (a script, a step of an operation, the stream writer) retries count per call.
  const budget = budgets.getStore() ?? { deadline: Number.POSITIVE_INFINITY, retries: 0 };
  for (let own = 1; ; own++) {
    try {
      return await attempt();
    } catch (error) {
      if (error instanceof DeadlineError || !retryable(error)) throw error;
      const wait = pause(own);
      const spent = budget.retries >= MAX_ATTEMPTS - 1 || budget.deadline - Date.now() - wait < COMMIT_MARGIN_MS;
      if (spent) throw isUnavailable(error) ? new UnavailableError(error, own) : error;
      budget.retries += 1;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

const WRITE_COMMAND =
  /^(Put|Update|Delete|BatchWrite|TransactWrite|ExecuteTransaction|StartExecution|CopyObject|DeleteObject)/;

/** An SDK v3 client, as far as the policy needs it: any client's stack, whatever its input and output types. */
// biome-ignore lint/suspicious/noExplicitAny: every SDK client has its own input and output union
type AnyStack = MiddlewareStack<any, any>;
type MiddlewareClient = { middlewareStack: Pick<AnyStack, 'add'> };
// biome-ignore lint/suspicious/noExplicitAny: as above
type Next = InitializeHandler<any, any>;

/**
 * Puts the policy into an SDK client (created with `maxAttempts: 1`, so the SDK does not retry on
 * its own): every command is retried as above, and a write is not sent when the deadline is too close.
 */
export function applyRetryPolicy<C extends MiddlewareClient>(client: C): C {
  client.middlewareStack.add(
    (next: Next, context: HandlerExecutionContext) =>
      // biome-ignore lint/suspicious/noExplicitAny: as above
      (args: InitializeHandlerArguments<any>) => {
        const write = WRITE_COMMAND.test(context.commandName ?? '');
        return retrying(() => {
          if (write) assertTimeToCommit();
          return next(args);
        });
      },
    { step: 'initialize', name: 'serviceRetryPolicy', priority: 'high' },
  );
  return client;
}
