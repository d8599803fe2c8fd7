/**
 * Faults injected at the SDK clients (DESIGN §9): the local runtime's and the tests' switch, never a branch of the code
 * under test. When the runtime starts with `--faults`, every DynamoDB and S3 client a function uses gets one more
 * middleware on its stack, under the service's retry policy (shared/retry.ts) and inside the SDK's deserializer, that
 * can fail a call the way AWS fails one:
 *
 * - `throttle`: DynamoDB answers 400 ProvisionedThroughputExceededException, S3 503 SlowDown; nothing is applied;
 * - `500`: DynamoDB answers 500 InternalServerError, S3 500 InternalError; nothing is applied;
 * - `down`: the same 500 at every attempt of that call (the retry policy's too): the dependency stays away for it
 *   until the request gives up, and the function answers what it answers to a dependency that is down;
 * - `timeout`: the call reaches the service and is applied, its answer is lost: the SDK's TimeoutError (at once, not
 *   after the request timeout: the matrix stays fast);
 * - `crash`: the function's process stops before the call is sent: no call of that invocation reaches AWS any more,
 *   and the runtime answers as the platform does for a function that died (the gateway 500 as API Gateway's, a step
 *   `Lambda.Unknown`, a stream batch or a file event delivered again).
 *
 * The SDK parses the fault's HTTP answer itself, so the error a function sees is the real one. Which calls fail is
 * infra/local/fault-rules.ts's; with `--faults control`, the control endpoint the runtime publishes
 * (infra/local/fault-control.ts, `faultsEndpoint` in runtime.json) sets rules per scope and traces the calls made in
 * one. docs/running.md says how to use it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Readable } from 'node:stream';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { HttpResponse } from '@smithy/core/protocols';
import { type Args, decide, type FaultService, setCommandLineFaults } from './fault-rules';

/** The function that makes a call, and whether its process has stopped (a `crash`). */
interface Invocation {
  fn: string;
  crashed?: string;
  crash: (where: string) => void;
}

const invocations = new AsyncLocalStorage<Invocation>();
let installed = false;

/** A function's process stopped (an injected `crash`): what the platform sees of the invocation. */
export class FunctionCrashed extends Error {
  constructor(fn: string, where: string) {
    super(`${fn}: the function's process stopped before ${where} (injected crash)`);
    this.name = 'FunctionCrashed';
  }
}

/**
 * Runs one invocation of a function (`fn` names it as the IAM recorder does). Answers what it answers, or rejects
 * with FunctionCrashed as soon as an injected crash stops it: the rest of the invocation never reaches AWS.
 */
export function asInvocation<T>(fn: string, run: () => Promise<T>): Promise<T> {
  if (!installed) return run();
  return new Promise<T>((resolve, reject) => {
    const invocation: Invocation = {
      fn,
      crash: (where) => {
        invocation.crashed ??= where;
        reject(new FunctionCrashed(fn, where));
      },
    };
    invocations.run(invocation, () => run().then(resolve, reject));
  });
}

/** What AWS answers for a fault that is not applied: status, error code and message, by service and fault. */
const FAULT_ANSWERS = {
  dynamodb: {
    throttle: [
      400,
      'ProvisionedThroughputExceededException',
      'The level of configured provisioned throughput was exceeded',
    ],
    '500': [500, 'InternalServerError', 'Internal server error'],
  },
  s3: {
    throttle: [503, 'SlowDown', 'Please reduce your request rate.'],
    '500': [500, 'InternalError', 'We encountered an internal error. Please try again.'],
  },
} as const;

/** The answer in the service's protocol: DynamoDB's JSON 1.0 error, S3's XML error. */
function faultAnswer(service: FaultService, fault: 'throttle' | '500'): HttpResponse {
  const [statusCode, code, message] = FAULT_ANSWERS[service][fault];
  const [contentType, text] =
    service === 'dynamodb'
      ? ['application/x-amz-json-1.0', JSON.stringify({ __type: `com.amazonaws.dynamodb.v20120810#${code}`, message })]
      : [
          'application/xml',
          `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
        ];
  return new HttpResponse({
    statusCode,
    headers: {
      'content-type': contentType,
      'x-amzn-requestid': 'injected-fault',
      'x-amz-request-id': 'injected-fault',
    },
    body: Readable.from([Buffer.from(text)]),
  });
}

/** The calls (a command's sending: each of its attempts has the same context) a `down` fault keeps failing. */
const downed = new WeakSet<object>();

/** The calls sent so far: a later attempt of one (the SDK's retry) is not another call. */
const sent = new WeakSet<object>();

/** An answer that never comes: what is left of an invocation whose process stopped. */
const never = () => new Promise<never>(() => undefined);

type Next = (args: Args) => Promise<{ response: { body?: unknown } }>;

/** The middleware itself: on each client's stack, at the deserialize step, inside the SDK's deserializer. */
const faultMiddleware =
  (service: FaultService) => (next: Next, context: { commandName?: string }) => async (args: Args) => {
    const invocation = invocations.getStore();
    // The runtime's own calls (the stream reader, table setup) are no function's: never failed.
    if (!invocation) return next(args);
    if (invocation.crashed) return never();
    // A retry of a call that met a `down` fault meets it again (it was counted and traced once).
    if (downed.has(context)) return { response: faultAnswer(service, '500'), output: undefined };
    const command = (context.commandName ?? '').replace(/Command$/, '');
    const again = sent.has(context);
    sent.add(context);
    const fault = decide(invocation.fn, service, command, args, again);
    switch (fault) {
      case undefined:
        return next(args);
      case 'crash':
        invocation.crash(`${service} ${command}`);
        return never();
      case 'timeout': {
        const out = await next(args);
        // The answer arrived and is dropped: its body is read away, as a socket torn down would lose it.
        const body = out.response.body as Readable | undefined;
        if (body && typeof body.resume === 'function') body.resume();
        throw Object.assign(new Error(`${service} ${command}: no answer within the request timeout (injected)`), {
          name: 'TimeoutError',
        });
      }
      case 'down':
        downed.add(context);
        return { response: faultAnswer(service, '500'), output: undefined };
      default:
        return { response: faultAnswer(service, fault), output: undefined };
    }
  };

type Stack = { add: (middleware: unknown, options: Record<string, unknown>) => void };
const equipped = new WeakSet<object>();

/** Adds the middleware to a client's stack at its first call (a document client shares its client's stack). */
function equip(prototype: { send: (...args: unknown[]) => unknown }, service: FaultService) {
  const send = prototype.send;
  prototype.send = function (this: { middlewareStack: Stack }, ...args: unknown[]) {
    if (!equipped.has(this.middlewareStack)) {
      equipped.add(this.middlewareStack);
      this.middlewareStack.add(faultMiddleware(service), {
        step: 'deserialize',
        priority: 'low',
        name: 'localFaults',
        override: true,
      });
    }
    return send.apply(this, args);
  };
}

/** Turns the switch on: the clients of this process get the middleware; `spec` are command line rules. */
export function installFaults(spec = ''): void {
  if (installed) return;
  installed = true;
  setCommandLineFaults(spec);
  equip(DynamoDBClient.prototype as never, 'dynamodb');
  equip(DynamoDBDocumentClient.prototype as never, 'dynamodb');
  equip(S3Client.prototype as never, 's3');
}
