/**
 * The harness of the concurrency section of `npm run bench` (its scenarios: bench/concurrency.ts): the whole local
 * runtime started on free ports (with or without its fault switch), the clients' requests over HTTP timed, the counts
 * read until exact, the runtime's own figures (retries, injected faults) read from its log and its fault switch, each
 * scenario's row with its budget, and the tables printed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { issuerKeys, mintToken } from '../infra/local/identity';
import { spawnRuntime } from '../infra/local/spawn';

/** The faulted run: seeded, so two runs fail the same share of calls (infra/local/fault-rules.ts). */
export const FAULTS = 'random:seed=38,dynamodb=0.02:throttle,s3=0.01:500;control';

export interface Timed {
  status: number;
  ms: number;
  /** A 503 said when to come back. */
  retryAfter?: boolean;
}
export interface ConcurrencyRow {
  scenario: string;
  /** `none`, or the faults injected while it ran (`dynamodb throttle: 31`). */
  faults: string;
  requests: number;
  ok: number;
  errors: Record<number, number>;
  p50: number;
  p99: number;
  retriesPerRequest: number;
  exactAfterMs: number | null;
  budget: string;
}

export const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! : 0;
};

/** Starts the local runtime as `npm start -- --in-memory` does, on free ports, with its whole log kept. */
async function startRuntime(faults?: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nm-bench-runtime-'));
  const started = spawnRuntime(dir, { LOG_LEVEL: 'INFO' }, faults ? ['--faults', faults] : []);
  let out = '';
  started.child.stdout.on('data', (chunk: Buffer) => {
    out += chunk;
  });
  return { info: await started.info(), dir, child: started.child, exited: started.exited, log: () => out };
}

/**
 * The runtime (`faults`: its `--faults`) and what the scenarios do with it; `stop` ends it and removes its folder.
 */
export async function benchRuntime(faults?: string) {
  const runtime = await startRuntime(faults);
  /** The faults injected so far, by service and fault, as the runtime's fault switch counts them. */
  const injected = async (): Promise<Record<string, number>> =>
    faults ? ((await (await fetch(`${runtime.info.faultsEndpoint}/injected`)).json()) as Record<string, number>) : {};
  let injectedBefore: Record<string, number> = {};
  const faultsSince = async () => {
    const now = await injected();
    const since = Object.entries(now)
      .map(([what, n]) => [what, n - (injectedBefore[what] ?? 0)] as const)
      .filter(([, n]) => n > 0);
    injectedBefore = now;
    return faults ? since.map(([what, n]) => `${what}: ${n}`).join(', ') || 'none drawn' : 'none';
  };
  const keys = issuerKeys(path.join(runtime.dir, 'issuer'));
  const tenant = () => {
    const t = { client: crypto.randomUUID(), facility: crypto.randomUUID() };
    return { ...t, token: mintToken({ clients: [t.client], facilities: [t.facility] }, keys) };
  };
  const post = async (pathname: string, token: string, body: unknown): Promise<Timed> => {
    const started = performance.now();
    const response = await fetch(`${runtime.info.apiUrl}${pathname}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    await response.arrayBuffer();
    return {
      status: response.status,
      ms: performance.now() - started,
      retryAfter: response.headers.get('retry-after') !== null,
    };
  };
  /** A listing's count; undefined when the listing did not answer (a 503 under faults: read again). */
  const total = async (pathname: string, token: string) => {
    const response = await fetch(`${runtime.info.apiUrl}${pathname}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await response.json()) as { CollectionConfiguration?: { TotalCount: number } };
    if (response.status !== 200 && response.status !== 503)
      throw new Error(`${pathname}: ${response.status} ${JSON.stringify(body)}`);
    return body.CollectionConfiguration?.TotalCount;
  };
  /**
   * Milliseconds from now until every listed count equals what was written (null after 30 s): when the last of them
   * was first seen exact. Each round reads, one at a time, only the counts not yet seen exact (nothing else writes, so
   * an exact count stays so), so the polling adds next to no load and a long list's own reading time does not land in
   * the figure; a last round reads them all again and must find every one still exact.
   */
  const untilExact = async (checks: { path: string; token: string; expected: number }[]) => {
    const started = performance.now();
    let pending = checks;
    let lastExact = started;
    while (performance.now() - started < 30_000) {
      const behind: typeof checks = [];
      for (const c of pending) {
        if ((await total(c.path, c.token)) !== c.expected) behind.push(c);
        else lastExact = performance.now();
      }
      pending = behind;
      if (!pending.length) {
        const drifted = [];
        for (const c of checks) if ((await total(c.path, c.token)) !== c.expected) drifted.push(c);
        if (!drifted.length) return Math.round(lastExact - started);
        pending = drifted;
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    return null;
  };
  const pool = async (count: number, concurrency: number, task: (i: number) => Promise<Timed>) => {
    const results: Timed[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < count) results.push(await task(next++));
      }),
    );
    return results;
  };
  /** Retries the runtime logged for the requests of `operation` since `from` (a position in its log). */
  const retries = (from: number, operation: string) => {
    const lines = runtime
      .log()
      .slice(from)
      .split('\n')
      .filter((l) => l.includes('"message":"request"') && l.includes(`"operation":"${operation}"`));
    const counts = lines.map((l) => (JSON.parse(l) as { retries?: number }).retries ?? 0);
    return counts.length ? counts.reduce((a, b) => a + b, 0) / counts.length : 0;
  };
  const row = (
    scenario: string,
    faultsSeen: string,
    results: Timed[],
    retriesPerRequest: number,
    exactAfterMs: number | null,
    budget: (r: Omit<ConcurrencyRow, 'budget'>) => string,
  ): ConcurrencyRow => {
    const errors: Record<number, number> = {};
    for (const r of results) if (r.status !== 200) errors[r.status] = (errors[r.status] ?? 0) + 1;
    const times = results.map((r) => r.ms);
    const base = {
      scenario,
      faults: faultsSeen,
      requests: results.length,
      ok: results.filter((r) => r.status === 200).length,
      errors,
      p50: Math.round(quantile(times, 0.5)),
      p99: Math.round(quantile(times, 0.99)),
      retriesPerRequest: +retriesPerRequest.toFixed(2),
      exactAfterMs,
    };
    return { ...base, budget: budget(base) };
  };
  /**
   * Without faults: no error. With them: no error but a 503 with Retry-After (an injected fault its retries did not
   * get past); either way the counts exact within 5 s.
   */
  const noErrors = (results: Timed[]) => (r: Omit<ConcurrencyRow, 'budget'>) =>
    results.every((t) => t.status === 200 || (faults !== undefined && t.status === 503 && t.retryAfter)) &&
    r.exactAfterMs !== null &&
    r.exactAfterMs <= 5000
      ? 'holds'
      : 'EXCEEDED';
  return {
    apiUrl: runtime.info.apiUrl,
    keys,
    /** Where the runtime's log stands: `retries` counts from there. */
    logMark: () => runtime.log().length,
    faultsSince,
    tenant,
    post,
    total,
    untilExact,
    pool,
    retries,
    row,
    noErrors,
    async stop() {
      runtime.child.kill('SIGTERM');
      await runtime.exited;
      rmSync(runtime.dir, { recursive: true, force: true });
    },
  };
}
export type BenchRuntime = Awaited<ReturnType<typeof benchRuntime>>;

/** One run's table. */
function printRows(title: string, rows: ConcurrencyRow[]): void {
  console.log(`\n${title}\n`);
  console.log(
    '| scenario | faults injected | requests | ok | errors | p50 ms | p99 ms | retries/request | ' +
      'exact after ms (<= 5000) | budget |',
  );
  console.log('|---|---|---:|---:|---|---:|---:|---:|---:|---|');
  for (const r of rows) {
    const errors =
      Object.entries(r.errors)
        .map(([status, n]) => `${n} x ${status}`)
        .join(', ') || '0';
    console.log(
      `| ${r.scenario} | ${r.faults} | ${r.requests} | ${r.ok} | ${errors} | ${r.p50} | ${r.p99} | ` +
        `${r.retriesPerRequest} | ${r.exactAfterMs ?? '-'} | ${r.budget} |`,
    );
  }
}

/** The run without faults and the run with them, each as a table, and their p99 side by side; false if one exceeded. */
export function printConcurrency(clean: ConcurrencyRow[], faulted: ConcurrencyRow[]): boolean {
  printRows(
    'Writes under concurrency (the local runtime over HTTP; exact = every count equals what was written)',
    clean,
  );
  printRows(`The same with faults (${FAULTS.split(';')[0]}): an error may only be a 503 with Retry-After`, faulted);
  console.log('\np99 without and with faults\n');
  console.log('| scenario | p99 ms | p99 ms with faults | errors with faults |');
  console.log('|---|---:|---:|---|');
  for (const r of clean) {
    const f = faulted.find((x) => x.scenario === r.scenario);
    const errors = f
      ? Object.entries(f.errors)
          .map(([status, n]) => `${n} x ${status}`)
          .join(', ') || '0'
      : '-';
    console.log(`| ${r.scenario} | ${r.p99} | ${f?.p99 ?? '-'} | ${errors} |`);
  }
  return [...clean, ...faulted].every((r) => !r.budget.includes('EXCEEDED'));
}
