/**
 * shared/retry.ts: the one retry policy: what is retried, how often per request, and no write too close to the
 * deadline.
 */
import { describe, expect, it } from 'vitest';
import {
  applyRetryPolicy,
  assertTimeToCommit,
  COMMIT_MARGIN_MS,
  DeadlineError,
  expireBudget,
  isUnavailable,
  MAX_ATTEMPTS,
  retriesMade,
  retrying,
  UnavailableError,
  UnprocessedError,
  withBudget,
} from '../../shared/retry';

const named = (name: string, extra: object = {}) => Object.assign(new Error(name), { name, ...extra });

/** An attempt that fails `failures` times with `error`, then answers 'ok'; it counts its calls. */
function flaky(failures: number, error: Error) {
  const attempt = async () => {
    attempt.calls += 1;
    if (attempt.calls <= failures) throw error;
    return 'ok';
  };
  attempt.calls = 0;
  return attempt;
}

describe('isUnavailable', () => {
  it('is true for throttling, conflicts, a dependency away and an abandoned request', () => {
    for (const error of [
      named('ThrottlingException'),
      named('ProvisionedThroughputExceededException'),
      named('TransactionConflictException'),
      named('Error', { code: 'ECONNREFUSED' }),
      named('AbortError'),
      new UnprocessedError(),
      named('TransactionCanceledException', {
        CancellationReasons: [{ Code: 'None' }, { Code: 'TransactionConflict' }],
      }),
    ]) {
      expect(isUnavailable(error)).toBe(true);
    }
  });

  it("is true for what the SDK classes as a server's fault or a throttle, whatever its name", () => {
    for (const error of [
      // S3's 500 and its throttle.
      named('InternalError', { $metadata: { httpStatusCode: 500 }, $fault: 'server' }),
      named('SlowDown', { $metadata: { httpStatusCode: 503 } }),
      // A HEAD's error has no body, so no code: only its status.
      named('Unknown', { $metadata: { httpStatusCode: 503 } }),
      named('Unknown', { $metadata: { httpStatusCode: 502 } }),
      named('TooManyRequests', { $metadata: { httpStatusCode: 429 } }),
      named('TimeoutError'),
    ])
      expect(isUnavailable(error), error.name).toBe(true);
    expect(isUnavailable(named('ValidationException', { $metadata: { httpStatusCode: 400 } }))).toBe(false);
    expect(isUnavailable(named('AccessDenied', { $metadata: { httpStatusCode: 403 } }))).toBe(false);
  });

  it('is false for what another attempt would not change', () => {
    for (const error of [
      named('ValidationException'),
      named('ConditionalCheckFailedException'),
      named('TransactionCanceledException', { CancellationReasons: [{ Code: 'ConditionalCheckFailed' }] }),
      // A failed condition is not sent again even beside a conflict: the caller reads afresh.
      named('TransactionCanceledException', {
        CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'TransactionConflict' }],
      }),
      new TypeError('x'),
      undefined,
      null,
    ])
      expect(isUnavailable(error)).toBe(false);
  });
});

describe('retrying', () => {
  it('tries again after a retryable failure and answers the first success', async () => {
    const attempt = flaky(2, named('ThrottlingException'));
    expect(await retrying(attempt)).toBe('ok');
    expect(attempt.calls).toBe(3);
  });

  it('throws a failure that is not retryable at once', async () => {
    const attempt = flaky(1, named('ValidationException'));
    await expect(retrying(attempt)).rejects.toThrow('ValidationException');
    expect(attempt.calls).toBe(1);
  });

  it('a transaction that keeps meeting another one ends as UnavailableError (503), not as its raw error', async () => {
    const conflict = named('TransactionCanceledException', { CancellationReasons: [{ Code: 'TransactionConflict' }] });
    const error = await retrying(flaky(MAX_ATTEMPTS, conflict)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnavailableError);
    expect((error as UnavailableError).cause).toBe(conflict);
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts with UnavailableError, the last failure as its cause`, async () => {
    const failure = named('ThrottlingException');
    const attempt = flaky(Infinity, failure);
    const error = await retrying(attempt).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnavailableError);
    expect(error).toMatchObject({ attempts: MAX_ATTEMPTS, cause: failure });
    expect(attempt.calls).toBe(MAX_ATTEMPTS);
  });

  it("exhausted on the caller's own kind of failure, throws that failure itself", async () => {
    const lost = named('ConditionFailedError');
    const attempt = flaky(Infinity, lost);
    await expect(retrying(attempt, (e) => e === lost)).rejects.toBe(lost);
    expect(attempt.calls).toBe(MAX_ATTEMPTS);
  });

  it('never retries a DeadlineError, whatever the predicate says', async () => {
    const attempt = flaky(Infinity, new DeadlineError());
    await expect(retrying(attempt, () => true)).rejects.toBeInstanceOf(DeadlineError);
    expect(attempt.calls).toBe(1);
  });

  it('shares one budget of attempts over every call of a request', async () => {
    await withBudget(60_000, async () => {
      const first = flaky(Infinity, named('ThrottlingException'));
      await expect(retrying(first)).rejects.toBeInstanceOf(UnavailableError);
      expect(retriesMade()).toBe(MAX_ATTEMPTS - 1);
      const second = flaky(Infinity, named('ThrottlingException'));
      await expect(retrying(second)).rejects.toBeInstanceOf(UnavailableError);
      expect(second.calls).toBe(1);
    });
  });

  it('does not wait for another attempt the time left cannot hold', async () => {
    await withBudget(COMMIT_MARGIN_MS - 1, async () => {
      const attempt = flaky(Infinity, named('ThrottlingException'));
      await expect(retrying(attempt)).rejects.toBeInstanceOf(UnavailableError);
      expect(attempt.calls).toBe(1);
    });
  });
});

describe('the deadline of a write', () => {
  it(
    `allows a write with more than ${COMMIT_MARGIN_MS} ms left, or outside a request; refuses one with less or after ` +
      `expireBudget`,
    async () => {
      expect(() => assertTimeToCommit()).not.toThrow();
      await withBudget(COMMIT_MARGIN_MS + 5_000, async () => expect(() => assertTimeToCommit()).not.toThrow());
      await withBudget(COMMIT_MARGIN_MS - 1, async () => expect(() => assertTimeToCommit()).toThrow(DeadlineError));
      await withBudget(60_000, async () => {
        expireBudget()();
        expect(() => assertTimeToCommit()).toThrow(DeadlineError);
      });
    },
  );

  it('applyRetryPolicy sends no write command too close to the deadline, and still sends a read', async () => {
    type Middleware = (
      next: (args: unknown) => Promise<unknown>,
      context: { commandName?: string },
    ) => (args: unknown) => Promise<unknown>;
    let middleware: Middleware | undefined;
    applyRetryPolicy({
      middlewareStack: {
        add: (m: Middleware) => {
          middleware = m;
        },
      },
    } as never);
    const sent: string[] = [];
    const send = (commandName: string) =>
      middleware!(
        async () => {
          sent.push(commandName);
          return {};
        },
        { commandName },
      )({});
    await withBudget(COMMIT_MARGIN_MS - 1, async () => {
      await expect(send('PutItemCommand')).rejects.toBeInstanceOf(DeadlineError);
      await expect(send('TransactWriteItemsCommand')).rejects.toBeInstanceOf(DeadlineError);
      await send('GetItemCommand');
    });
    expect(sent).toEqual(['GetItemCommand']);
  });
});
