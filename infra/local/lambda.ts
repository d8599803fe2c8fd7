/**
 * Running a function the way Lambda does: load the module named in the route table, build a
 * Lambda context, and for API routes first run the authorizer and put its context into the event
 * exactly where API Gateway puts it. Used by the local gateway and by `npm run invoke`.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { authorizerEntry, eventFunctions, type Route } from '../../shared/routes';
import { logger } from '../../shared/observability';
import type { DynamoDBStreamEvent, S3Event } from 'aws-lambda';
import { followConsumers, type ChangeFollower } from './streams';
import type { ApiEvent, ApiResult } from '../../shared/http/types';
import type { AuthorizerResult } from '../../functions/authorizer';
import { repoRoot } from './paths';
import { asFunction, LOCAL_ACCOUNT, recordAnswer, recordEventSource } from './iam-recorder';
import { asInvocation } from './faults';
import { LOCAL_REGION } from './emulators';
import { DOCUMENT_FILES_PREFIX } from '../../shared/domain/document';

type Handler<E, R> = (event: E, context: Context) => Promise<R>;
const modules = new Map<string, Promise<{ handler: Handler<unknown, unknown> }>>();

/** Imports a function module once (like a warm Lambda container) and returns its handler. */
export async function loadHandler<E, R>(entry: string): Promise<Handler<E, R>> {
  let loaded = modules.get(entry);
  if (!loaded) {
    loaded = import(pathToFileURL(path.join(repoRoot, entry)).href);
    modules.set(entry, loaded);
  }
  return (await loaded).handler as Handler<E, R>;
}

/**
 * Locally a request may say how much time its function has left (`X-Local-Remaining-Ms`), as a
 * Lambda invoked close to its timeout has: tests reach the answer the service gives then (503).
 */
export const REMAINING_TIME_HEADER = 'x-local-remaining-ms';

export function lambdaContext(functionName: string, remainingMs = 29_000): Context {
  const deadline = Date.now() + remainingMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** A function's name in the local runtime (its Lambda context's): `container.load` → `container-load`. */
export const localFunctionName = (operation: string) => operation.replace(/\W+/g, '-');
/** The local name of a maintenance operation's step function. */
export const localStepName = (operation: string) => `${localFunctionName(operation)}-step`;

/**
 * One invocation of the function `fn` names (`route:<operation>`, `event:<name>`, `step:<operation>`, `authorizer`):
 * its AWS requests recorded for the IAM check, and the end of its process when a fault stops it
 * (infra/local/faults.ts).
 */
export const invoked = <T>(fn: string, run: () => Promise<T>): Promise<T> =>
  asInvocation(fn, () => asFunction(fn, run));

/**
 * Runs the authorizer (for non-public routes) and then the route's handler with the event. An event
 * that already carries an authorizer's context (a sample event as API Gateway delivers it: the
 * Lambda authorizer's, or IAM's for an operator route) goes straight to the handler.
 */
export async function invokeRoute(route: Route, event: ApiEvent): Promise<ApiResult> {
  if (route.auth !== 'public' && !event.requestContext.authorizer) {
    const authorize = await loadHandler<{ headers: ApiEvent['headers'] }, AuthorizerResult>(authorizerEntry);
    const result = await invoked('authorizer', () =>
      authorize({ headers: event.headers }, lambdaContext('authorizer')),
    );
    if (!result.isAuthorized) {
      return {
        statusCode: 403,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'Forbidden' }),
      };
    }
    event.requestContext.authorizer = { lambda: result.context };
  }
  const handler = await loadHandler<ApiEvent, ApiResult>(route.entry);
  const remaining = Number(event.headers?.[REMAINING_TIME_HEADER]);
  return invoked(`route:${route.operation}`, async () => {
    const result = await handler(
      event,
      lambdaContext(
        localFunctionName(route.operation),
        Number.isFinite(remaining) && remaining >= 0 ? remaining : undefined,
      ),
    );
    recordAnswer(result.body);
    return result;
  });
}

/**
 * How Lambda retries an event invoked asynchronously (the bucket's notification) that its function failed: twice, after
 * about a minute and then two on AWS; here after one and two seconds.
 */
export const ASYNC_RETRY_DELAYS_MS = [1000, 2000] as const;

/**
 * What the bucket notification does on AWS: each object-created event of the emulator goes to the
 * event functions of the route table, one at a time per event as Lambda's async invocation would, and again (twice at
 * most) when the function fails, as Lambda's retries of an asynchronous event; what fails every attempt is logged (on
 * AWS it waits in the function's dead-letter queue).
 */
export function deliverFileEvents(
  server: { on(event: 'event', listener: (event: S3Event) => void): unknown },
  bucket: string,
): void {
  const targets = eventFunctions.filter((f) => f.source === 'files:objectCreated');
  server.on('event', (event) => {
    // As the document bucket's notification and its prefix filter: document files only.
    if (
      !event.Records.some(
        (r) =>
          r.eventName.startsWith('ObjectCreated') &&
          r.s3.bucket.name === bucket &&
          decodeURIComponent(r.s3.object.key).startsWith(DOCUMENT_FILES_PREFIX),
      )
    )
      return;
    for (const target of targets) {
      const attempt = async (retry: number): Promise<void> => {
        try {
          const handler = await loadHandler<S3Event, void>(target.entry);
          await invoked(`event:${target.name}`, () => handler(event, lambdaContext(localFunctionName(target.name))));
        } catch (error) {
          const delay = ASYNC_RETRY_DELAYS_MS[retry];
          logger.error('local event delivery failed', {
            function: target.name,
            error: error as Error,
            ...(delay === undefined ? { dropped: 'after its retries, to the dead-letter queue on AWS' } : {}),
          });
          if (delay !== undefined) setTimeout(() => void attempt(retry + 1), delay).unref();
        }
      };
      void attempt(0);
    }
  });
}

/**
 * What the event source mapping on the table's stream does on AWS: the table's changes, in order and
 * in batches, to the event functions of the route table that follow it.
 */
export function deliverTableChanges(endpoint: string, tableName: string): ChangeFollower {
  const targets = eventFunctions.filter((f) => f.source === 'table:changes');
  return followConsumers({
    endpoint,
    tableName,
    deliver: async (records) => {
      for (const target of targets) {
        const handler = await loadHandler<DynamoDBStreamEvent, void>(target.entry);
        // The event source mapping reads the stream with the function's role.
        const stream = `arn:aws:dynamodb:${LOCAL_REGION}:${LOCAL_ACCOUNT}:table/${tableName}/stream/local`;
        recordEventSource(
          `event:${target.name}`,
          ['DescribeStream', 'GetShardIterator', 'GetRecords'].map((action) => ({
            action: `dynamodb:${action}`,
            resource: stream,
          })),
        );
        await invoked(`event:${target.name}`, () =>
          handler({ Records: records }, lambdaContext(localFunctionName(target.name))),
        );
      }
    },
  });
}

/**
 * What the EventBridge schedule does on AWS: the scheduled event functions every `seconds` (the
 * release sweep; RELEASE_SWEEP_SECONDS, default 10). A run still going when the next is due is not
 * overlapped.
 */
export function runSchedules(seconds: number): NodeJS.Timeout {
  const targets = eventFunctions.filter((f) => f.source === 'schedule');
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void Promise.all(
      targets.map(async (target) => {
        const handler = await loadHandler<Record<string, never>, unknown>(target.entry);
        await invoked(`event:${target.name}`, () => handler({}, lambdaContext(localFunctionName(target.name))));
      }),
    )
      .catch((error: unknown) => logger.error('local schedule failed', { error: error as Error }))
      .finally(() => {
        running = false;
      });
  }, seconds * 1000);
  timer.unref();
  return timer;
}
