/**
 * Which calls the fault switch (infra/local/faults.ts) fails: rules (the Nth call of a service and command, optionally
 * only of one function and only where the request names a scope, such as a client's id), or calls at random with a
 * seed. Rules come from the command line (`--faults 'dynamodb:TransactWriteItems#2=timeout'`, `--faults
 * 'random:seed=7,dynamodb=0.02,s3=0.01'`) or, per scope, from the control endpoint (infra/local/fault-control.ts),
 * which also traces the calls made in a scope.
 */
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

/** Takes the command line's rules and random rates (`spec` as parseFaults reads it). */
export function setCommandLineFaults(spec: string): void {
  const { rules, random: randomFaults } = parseFaults(spec);
  if (rules.length) globalRules = { rules: rules.map((r) => ({ ...r, seen: 0 })), trace: false, calls: [] };
  if (randomFaults) random = { draw: seeded(randomFaults.seed), rates: randomFaults.rates };
}

/** What the middleware reads of a command's arguments at the deserialize step: the HTTP request about to go out. */
export type Args = { request?: { path?: string; query?: Record<string, unknown>; body?: unknown } };

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

/**
 * Which fault, if any, this call of the function `fn` gets: a scope's rule, a command line rule, or the random draw.
 * The call is counted by every rule it matches and traced in every scope that traces it.
 */
export function decide(
  fn: string,
  service: FaultService,
  command: string,
  args: Args,
  again = false,
): FaultKind | undefined {
  // The SDK's retry of a call (a transient error of the emulator, a fault's retry) is that call's attempt, not the
  // next call: it is neither counted nor traced, so a call's position does not depend on a transient (the random
  // faults still draw for it, as AWS fails any attempt).
  const text = scopes.size && !again ? textOf(service, args) : '';
  // A call fails with one fault at most: the first rule it is the Nth call of. A call that names several scopes (a
  // batch of several facilities) and already got another scope's fault does not count for the others.
  let fault: FaultKind | undefined;
  let faulted: Scope | undefined;
  const counted = (scope: Scope) => {
    for (const rule of scope.rules) {
      if (fault || rule.service !== service || rule.command !== command || (rule.fn && rule.fn !== fn)) continue;
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
  if (globalRules && !again) counted(globalRules);
  const chance = random?.rates[service];
  if (!fault && chance && random!.draw() < chance.rate) fault = chance.fault;
  if (fault) injected[`${service} ${fault}`] = (injected[`${service} ${fault}`] ?? 0) + 1;
  for (const scope of traced)
    scope.calls.push({
      fn,
      service,
      command,
      what: whatOf(service, args),
      ...(fault && (faulted === scope || !faulted?.trace) ? { fault } : {}),
    });
  return fault;
}

/** Sets a scope's rules and tracing (its count, trace and fired faults start afresh). */
export function setScope(name: string, settings: ScopeSettings): void {
  scopes.set(name, {
    rules: (settings.rules ?? []).map((r) => ({ ...r, seen: 0 })),
    trace: settings.trace ?? false,
    calls: [],
  });
}

/** The calls a scope traced so far (none for a scope not set). */
export const scopeCalls = (name: string): CallSeen[] => scopes.get(name)?.calls ?? [];

/** Ends a scope: its rules and trace go. */
export function endScope(name: string): void {
  scopes.delete(name);
}

/** Every fault injected so far, by service and fault. */
export const injectedFaults = (): Readonly<Record<string, number>> => injected;
