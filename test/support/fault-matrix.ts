/**
 * The fault matrix's machinery (test/contract/faults.test.ts): each write of the list (test/support/fault-writes.ts)
 * is made once without a fault, its function's DynamoDB and S3 calls traced over the runtime's fault switch
 * (infra/local/faults.ts, `--faults control`); then, for each of those calls and each fault, in a tenant of its own:
 * prepared, made with that call failed, retried with the same Idempotency-Key (after a crash, once the attempt's time
 * is over), and, once every cell ran and the archive check and the streams had their turn, checked.
 */
import { randomUUID } from 'node:crypto';
import { FAULT_KINDS, type CallSeen, type FaultKind, type ScopeSettings } from '../../infra/local/fault-rules';
import { newTenant, runtime } from './api';

export type Tenant = ReturnType<typeof newTenant>;

/** An answer of one attempt: an HTTP response, or an execution's end (its status as 200 or 500). */
export interface Answer {
  status: number;
  body?: any;
  retryAfter?: string | null;
}

/** A write of the matrix: how to prepare it, make one attempt of it, and what must hold after it. */
export interface MatrixWrite<C = any> {
  name: string;
  /** The function whose calls are failed (infra/local/faults.ts names them so). */
  fn: string;
  /** The tenant's token roles. */
  roles?: string[];
  /** What the write needs, made without a fault. */
  prepare(t: Tenant): Promise<C>;
  /**
   * One attempt with `key`: an HTTP request (`remainingMs`: its function's time, so a crashed attempt's record in
   * progress ends soon), or an event the platform retries itself (`retry: 'platform'`: attempted once).
   */
  attempt(t: Tenant, context: C, options: { key: string; remainingMs?: number }): Promise<Answer>;
  /** Who retries: the client with the same key (default), or the platform (an event, a step: its own retries). */
  retry?: 'client' | 'platform';
  /** Where the matrix fails a call: every call (default), or the first of each kind (a step repeats its calls). */
  calls?: 'every' | 'each kind';
  /** After the retry, the archive check and the streams' turn: each invariant that broke, named (none: all held). */
  check(t: Tenant, context: C, answers: Answer[]): Promise<string[]>;
}

/** A call of a write's function: its service and command, and which of them it is (1-based). */
export interface CallPosition {
  service: CallSeen['service'];
  command: string;
  nth: number;
  what: string;
}

export interface CellOutcome {
  write: string;
  call: CallPosition;
  fault: FaultKind;
  answers: Answer[];
  /** The fault was injected (a call at that position was made). */
  fired: boolean;
  broken: string[];
}

/** A crashed attempt's function time: its Idempotency-Key record stays in progress until it is over. */
export const CRASH_REMAINING_MS = 8_000;

/** The control endpoint of the runtime's fault switch. */
export const faults = {
  async set(scope: string, settings: ScopeSettings): Promise<void> {
    const r = await fetch(`${runtime().faultsEndpoint}/scopes/${scope}`, {
      method: 'PUT',
      body: JSON.stringify(settings),
    });
    if (r.status !== 204) throw new Error(`faults: ${r.status} ${await r.text()}`);
  },
  async calls(scope: string): Promise<CallSeen[]> {
    return ((await (await fetch(`${runtime().faultsEndpoint}/scopes/${scope}`)).json()) as { calls: CallSeen[] }).calls;
  },
  async end(scope: string): Promise<void> {
    await fetch(`${runtime().faultsEndpoint}/scopes/${scope}`, { method: 'DELETE' });
  },
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An answer the client takes as the end (not "try again"). */
const final = (answer: Answer) =>
  answer.status !== 503 &&
  !(answer.status === 409 && answer.body?.Notifications?.[0]?.Message === 'idempotency.in_progress');

/** What failed, named by the write and the step. */
const named = <T>(what: string, work: Promise<T>): Promise<T> =>
  work.catch((error: Error) => {
    throw new Error(`${what}: ${error.message}${error.cause ? ` (${String(error.cause)})` : ''}`);
  });

/** The calls the write's function makes, once, without a fault: where the matrix fails one. */
export const callsOf = (write: MatrixWrite): Promise<CallPosition[]> => named(`${write.name}, traced`, traced(write));

async function traced(write: MatrixWrite): Promise<CallPosition[]> {
  const t = newTenant({ roles: write.roles ?? [] });
  const context = await write.prepare(t);
  await faults.set(t.client, { trace: true });
  const answer = await write.attempt(t, context, { key: randomUUID() });
  if (answer.status !== 200)
    throw new Error(`${write.name} without a fault: ${answer.status} ${JSON.stringify(answer.body)}`);
  // A function that runs after the answer (a stream, a file event) is traced once it settled.
  await sleep(write.retry === 'platform' ? 1_500 : 0);
  const seen = (await faults.calls(t.client)).filter((c) => c.fn === write.fn);
  await faults.end(t.client);
  const counted = new Map<string, number>();
  const positions = seen.map((c) => {
    const nth = (counted.get(`${c.service} ${c.command}`) ?? 0) + 1;
    counted.set(`${c.service} ${c.command}`, nth);
    return { service: c.service, command: c.command, nth, what: c.what };
  });
  if (write.calls !== 'each kind') return positions;
  const kinds = new Set<string>();
  return positions.filter((p) => !kinds.has(`${p.service} ${p.command}`) && kinds.add(`${p.service} ${p.command}`));
}

/** Runs work at most `width` at once: the cells' busy parts, while their waits hold no place. */
export function limiter(width: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= width) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await work();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}
export type Limiter = ReturnType<typeof limiter>;

/**
 * One cell: the write made with its call failed, retried; its tenant and context kept for the check. Its busy parts
 * run under `busy`; a crashed attempt's wait for its time to end, and the wait for a later function's call, do not.
 */
export const runCell = (write: MatrixWrite, call: CallPosition, fault: FaultKind, busy: Limiter) =>
  named(`${write.name}, ${call.service} ${call.command}#${call.nth} ${fault}`, cell(write, call, fault, busy));

async function cell(write: MatrixWrite, call: CallPosition, fault: FaultKind, busy: Limiter) {
  const t = newTenant({ roles: write.roles ?? [] });
  const key = randomUUID();
  const { service, command, nth } = call;
  const { context, answer, started } = await busy(async () => {
    const prepared = await write.prepare(t);
    await faults.set(t.client, { trace: true, rules: [{ service, command, nth, fault, fn: write.fn }] });
    const begun = Date.now();
    const first = await write.attempt(t, prepared, {
      key,
      ...(fault === 'crash' ? { remainingMs: CRASH_REMAINING_MS } : {}),
    });
    return { context: prepared, answer: first, started: begun };
  });
  const answers = [answer];
  // A function that runs after the answer (a stream, a file event) makes its calls a little later.
  const hit = async () => (await faults.calls(t.client)).some((c) => c.fault === fault && c.fn === write.fn);
  let fired = await hit();
  for (let waited = 0; !fired && write.retry === 'platform' && waited < 5_000; waited += 200) {
    await sleep(200);
    fired = await hit();
  }
  await faults.end(t.client);
  if (write.retry !== 'platform') {
    // A crashed attempt's record is in progress until its time is over: the client is told so until then.
    if (fault === 'crash') await sleep(Math.max(0, started + CRASH_REMAINING_MS - Date.now()));
    for (let tries = 0; tries < 20; tries++) {
      const next = await busy(() => write.attempt(t, context, { key }));
      answers.push(next);
      if (final(next)) break;
      await sleep(500);
    }
  }
  return { t, context, answers, fired };
}

/** What every write's answers must hold: no 500 of the service, a 503 with Retry-After, the last one a success. */
export function answerInvariants(answers: Answer[], fault: FaultKind, platformRetries: boolean): string[] {
  const broken: string[] = [];
  // A crashed attempt's answer is the platform's (API Gateway's 500 for a function that died), not the service's.
  const platforms = (a: Answer) => fault === 'crash' && a.status === 500 && a.body?.message === 'Internal Server Error';
  if (answers.some((a) => a.status === 500 && !platforms(a))) broken.push('a 500');
  if (answers.some((a) => a.status === 503 && !a.retryAfter)) broken.push('503 without Retry-After');
  if (!platformRetries && answers.at(-1)?.status !== 200) broken.push(`ended ${answers.at(-1)?.status}`);
  return broken;
}

/** The matrix as a table: a row per write and call, a column per fault; a cell its answers, ✓ or what broke. */
export function matrixTable(outcomes: readonly CellOutcome[]): string {
  const rows = new Map<string, Map<FaultKind, CellOutcome>>();
  const columns = (write: string, call: string, what: string) =>
    `${write.padEnd(24)} ${call.padEnd(30)} ${what.padEnd(12)}`;
  for (const o of outcomes) {
    const row = columns(o.write, `${o.call.service} ${o.call.command}#${o.call.nth}`, o.call.what);
    if (!rows.has(row)) rows.set(row, new Map());
    rows.get(row)!.set(o.fault, o);
  }
  const cell = (o: CellOutcome | undefined) => {
    if (!o) return ''.padEnd(20);
    const answers = o.answers.map((a) => a.status).join('→');
    const mark = !o.fired ? 'not reached' : o.broken.length ? `✗ ${o.broken.join('; ')}` : '✓';
    return `${answers} ${mark}`.padEnd(20);
  };
  const held = outcomes.filter((o) => o.fired && !o.broken.length).length;
  const header = `${columns('write', 'call', 'on')} ${FAULT_KINDS.map((f) => f.padEnd(20)).join(' ')}`;
  return [
    `Fault matrix: ${outcomes.length} cells (write × call × fault), ${held} held; a cell: the answers (first → ` +
      'retries), ✓ when every invariant held',
    header,
    ...[...rows].map(([row, byFault]) => `${row} ${FAULT_KINDS.map((f) => cell(byFault.get(f))).join(' ')}`),
  ].join('\n');
}
