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
 * The SDK parses the fault's HTTP answer itself, so the error a function sees is the real one. Which calls fail:
 * rules (the Nth call of a service and command, optionally only of one function and only where the request names a
 * scope, such as a client's id), or calls at random with a seed. Rules come from the command line (`--faults
 * 'dynamodb:TransactWriteItems#2=timeout'`, `--faults 'random:seed=7,dynamodb=0.02,s3=0.01'`) or, with `--faults
 * control`, from the control endpoint the runtime publishes (`faultsEndpoint` in runtime.json: PUT, GET and DELETE
 * `/scopes/{scope}`), which also traces the calls made in a scope. docs/running.md says how to use it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import http from 'node:http';
import { Readable } from 'node:stream';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { HttpResponse } from '@smithy/core/protocols';

export const FAULT_KINDS = ['throttle', '500', 'down', 'timeout', 'crash'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];
export const FAULT_SERVICES = ['dynamodb', 's3'] as const;
export type FaultService = (typeof FAULT_SERVICES)[number];

/** Fail the `nth` call (1-based) of `service` and `command` (the API's operation name: `PutItem`, `PutObject`). */
export interface FaultRule {
  service: FaultService;
  command: string;
  nth: number;
  fault: FaultKind;
  /** Only calls of this function (`route:container.release`, `event:sequence.changes`, `step:importRecords`). */
  fn?: string;
}

/** Each call of a service fails with `rate`'s probability, drawn from a generator seeded with `seed`. */
export interface RandomFaults {
  seed: number;
  rates: Partial<Record<FaultService, { rate: number; fault: FaultKind }>>;
}

/** A call made in a scope: by which function, of which service and command, on what; the fault it got, if any. */
export interface CallSeen {
  fn: string;
  service: FaultService;
  command: string;
  /** What it touched: the sort key's or the object key's first part (`CONTAINER`, `IDEMPOTENCY`, `documents`). */
  what: string;
  fault?: FaultKind;
}

/** What the control endpoint holds for a scope: its rules, whether its calls are traced, and what it saw. */
export interface ScopeSettings {
  rules?: FaultRule[];
  trace?: boolean;
}

/** The function that makes a call, and whether its process has stopped (a `crash`). */
interface Invocation {
  fn: string;
  crashed?: string;
  crash: (where: string) => void;
}

const invocations = new AsyncLocalStorage<Invocation>();

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

/** A scope's rules, trace and the calls it saw. */
interface Scope {
  rules: (FaultRule & { seen: number })[];
  trace: boolean;
  calls: CallSeen[];
}
const scopes = new Map<string, Scope>();
/** Rules of the command line: they count every function's calls, whatever their scope. */
let globalRules: Scope | undefined;
let random: { draw: () => number; rates: RandomFaults['rates'] } | undefined;
let installed = false;
/** Every fault injected so far, by service and fault (`dynamodb throttle`): what `GET /injected` answers. */
const injected: Record<string, number> = {};

/** mulberry32: a small seeded generator, so a seed gives the same sequence of draws. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `dynamodb:PutItem#2=timeout[@fn]`, several joined by `;`; or `random:seed=7,dynamodb=0.02,s3=0.01[:500]`. */
export function parseFaults(spec: string): { rules: FaultRule[]; random?: RandomFaults } {
  const rules: FaultRule[] = [];
  let randomFaults: RandomFaults | undefined;
  for (const part of spec
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    if (part.startsWith('random:')) {
      const settings = Object.fromEntries(
        part
          .slice('random:'.length)
          .split(',')
          .map((pair) => pair.split('=') as [string, string]),
      );
      randomFaults = { seed: Number(settings.seed ?? 1), rates: {} };
      for (const service of FAULT_SERVICES) {
        if (settings[service] === undefined) continue;
        const [rate, fault = service === 'dynamodb' ? 'throttle' : '500'] = settings[service]!.split(':');
        if (!FAULT_KINDS.includes(fault as FaultKind)) throw new Error(`unknown fault '${fault}' in '${part}'`);
        randomFaults.rates[service] = { rate: Number(rate), fault: fault as FaultKind };
      }
      continue;
    }
    const match = /^(dynamodb|s3):(\w+)#(\d+)=(\w+)(?:@(\S+))?$/.exec(part);
    if (!match || !FAULT_KINDS.includes(match[4] as FaultKind))
      throw new Error(
        `'${part}' is no fault: service:Command#n=throttle|500|down|timeout|crash[@function], or random:...`,
      );
    rules.push({
      service: match[1] as FaultService,
      command: match[2]!,
      nth: Number(match[3]),
      fault: match[4] as FaultKind,
      ...(match[5] ? { fn: match[5] } : {}),
    });
  }
  return { rules, ...(randomFaults ? { random: randomFaults } : {}) };
}

/** What the middleware reads of a command's arguments at the deserialize step: the HTTP request about to go out. */
type Args = { request?: { path?: string; query?: Record<string, unknown>; body?: unknown } };

const decoder = new TextDecoder();
/** A DynamoDB request's JSON body (the SDK hands it on as a string or as its bytes); an S3 body is no text of ours. */
const bodyOf = (service: FaultService, args: Args): string => {
  const body = args.request?.body;
  if (service !== 'dynamodb') return '';
  return typeof body === 'string' ? body : body instanceof Uint8Array ? decoder.decode(body) : '';
};

/**
 * The call's text a scope is looked for in: the request's path (an object key), its query (a listing's prefix) and its
 * JSON body (item keys).
 */
const textOf = (service: FaultService, args: Args) =>
  `${args.request?.path ?? ''} ${JSON.stringify(args.request?.query ?? {})} ${bodyOf(service, args)}`;

/** The first part of what a call touches, for a readable trace. */
function whatOf(service: FaultService, args: Args): string {
  if (service === 's3') return decodeURIComponent(args.request?.path ?? '').split('/')[2] ?? '';
  const body = bodyOf(service, args);
  const key = /"SK":\{"S":"([A-Z_]+)/.exec(body) ?? /":(?:sk|prefix|from)\w*":\{"S":"([A-Z_]+)/.exec(body);
  return key?.[1] ?? '';
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

/** Which fault, if any, this call gets: a scope's rule, a command line rule, or the random draw. */
function decide(invocation: Invocation, service: FaultService, command: string, args: Args): FaultKind | undefined {
  const text = scopes.size ? textOf(service, args) : '';
  // A call fails with one fault at most: the first rule it is the Nth call of. A call that names several scopes (a
  // batch of several facilities) and already got another scope's fault does not count for the others.
  let fault: FaultKind | undefined;
  let faulted: Scope | undefined;
  const counted = (scope: Scope) => {
    for (const rule of scope.rules) {
      if (fault || rule.service !== service || rule.command !== command || (rule.fn && rule.fn !== invocation.fn))
        continue;
      rule.seen += 1;
      if (rule.seen === rule.nth) [fault, faulted] = [rule.fault, scope];
    }
  };
  const traced: Scope[] = [];
  for (const [name, scope] of scopes)
    if (text.includes(name)) {
      counted(scope);
      if (scope.trace) traced.push(scope);
    }
  if (globalRules) counted(globalRules);
  const chance = random?.rates[service];
  if (!fault && chance && random!.draw() < chance.rate) fault = chance.fault;
  if (fault) injected[`${service} ${fault}`] = (injected[`${service} ${fault}`] ?? 0) + 1;
  for (const scope of traced)
    scope.calls.push({
      fn: invocation.fn,
      service,
      command,
      what: whatOf(service, args),
      ...(fault && (faulted === scope || !faulted?.trace) ? { fault } : {}),
    });
  return fault;
}

/** The calls (a command's sending: each of its attempts has the same context) a `down` fault keeps failing. */
const downed = new WeakSet<object>();

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
    const fault = decide(invocation, service, command, args);
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
  const { rules, random: randomFaults } = parseFaults(spec);
  if (rules.length) globalRules = { rules: rules.map((r) => ({ ...r, seen: 0 })), trace: false, calls: [] };
  if (randomFaults) random = { draw: seeded(randomFaults.seed), rates: randomFaults.rates };
  equip(DynamoDBClient.prototype as never, 'dynamodb');
  equip(DynamoDBDocumentClient.prototype as never, 'dynamodb');
  equip(S3Client.prototype as never, 's3');
}

/** Sets a scope's rules and tracing (its count, trace and fired faults start afresh). */
export function setScope(name: string, settings: ScopeSettings): void {
  scopes.set(name, {
    rules: (settings.rules ?? []).map((r) => ({ ...r, seen: 0 })),
    trace: settings.trace ?? false,
    calls: [],
  });
}

/**
 * The control endpoint of `--faults control`: `PUT /scopes/{scope}` with a ScopeSettings body sets a scope,
 * `GET /scopes/{scope}` answers the calls it traced (`{ calls }`), `DELETE /scopes/{scope}` ends it; `GET /injected`
 * counts every fault injected so far, by service and fault.
 */
export function createFaultControl(): http.Server {
  return http.createServer((req, res) => {
    const name = decodeURIComponent(/^\/scopes\/([^/?]+)$/.exec(req.url ?? '')?.[1] ?? '');
    // Each answer closes its connection: a test's next call never meets a kept-alive socket the server is closing.
    const answer = (status: number, body?: unknown) =>
      res
        .writeHead(status, { 'content-type': 'application/json', connection: 'close' })
        .end(body === undefined ? '' : JSON.stringify(body));
    if (req.url === '/injected' && req.method === 'GET') return answer(200, injected);
    if (name.length < 8) return answer(404, { message: 'PUT, GET or DELETE /scopes/{scope} (8 characters or more)' });
    if (req.method === 'GET') return answer(200, { calls: scopes.get(name)?.calls ?? [] });
    if (req.method === 'DELETE') {
      scopes.delete(name);
      return answer(204);
    }
    if (req.method !== 'PUT') return answer(405);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        setScope(name, JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as ScopeSettings);
        answer(204);
      } catch (error) {
        answer(400, { message: (error as Error).message });
      }
    });
  });
}
