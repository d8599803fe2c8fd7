/**
 * The concurrency section of `npm run bench`: the whole local runtime (`npm start -- --in-memory`,
 * gateway, authorizer, handlers, the stream writer) under bounded concurrent clients over HTTP, the
 * way a facility's bulk upload or a busy morning would hit it:
 * (a) 200 document creates in one facility at concurrency 50;
 * (b) 200 log-entry creates spread over 100 tenants at concurrency 50;
 * (c) one tenant's 30 s create burst at concurrency 20 beside another tenant's 100 sequential creates.
 * Reports successes, errors, p50/p99 latency, retries per request (from the access log) and the
 * time from the last answer until the counts are exact.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { issuerKeys, mintToken } from '../infra/local/identity';
import { spawnRuntime } from '../infra/local/spawn';

const BURST_SECONDS = Number(process.env.BENCH_BURST_SECONDS ?? 30);
/** The quiet tenant's creates, alone and during the burst: enough that a p99 is not simply the slowest one. */
const QUIET_CREATES = 100;
const REPORT = '/maintenance-log/report-api/v1/maintenance-log-entries';

interface Timed {
  status: number;
  ms: number;
}
export interface ConcurrencyRow {
  scenario: string;
  requests: number;
  ok: number;
  errors: Record<number, number>;
  p50: number;
  p99: number;
  retriesPerRequest: number;
  exactAfterMs: number | null;
  budget: string;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! : 0;
};

/** Starts the local runtime as `npm start -- --in-memory` does, on free ports, with its whole log kept. */
async function startRuntime() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nm-bench-runtime-'));
  const started = spawnRuntime(dir, { LOG_LEVEL: 'INFO' });
  let out = '';
  started.child.stdout.on('data', (chunk: Buffer) => {
    out += chunk;
  });
  return { info: await started.info(), dir, child: started.child, exited: started.exited, log: () => out };
}

export async function runConcurrency(): Promise<ConcurrencyRow[]> {
  const runtime = await startRuntime();
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
    return { status: response.status, ms: performance.now() - started };
  };
  const total = async (pathname: string, token: string) =>
    (
      (await (
        await fetch(`${runtime.info.apiUrl}${pathname}`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as { CollectionConfiguration: { TotalCount: number } }
    ).CollectionConfiguration.TotalCount;
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
  const noErrors = (r: Omit<ConcurrencyRow, 'budget'>) =>
    r.ok === r.requests && r.exactAfterMs !== null && r.exactAfterMs <= 5000 ? 'holds' : 'EXCEEDED';
  const entry = (i: number) => ({
    IncidentTitle: `Incident ${i}`,
    IncidentCause: 'Detector drift',
    IncidentDateStart: `2026-0${1 + (i % 9)}-1${i % 10} 0${i % 10}:00:00`,
  });
  const documents = (t: { client: string; facility: string }) => `/document/api/v1/${t.client}/${t.facility}/documents`;
  const entries = (t: { client: string; facility: string }) =>
    `/maintenance-log/api/v1/${t.client}/${t.facility}/maintenance-log-entries`;
  const rows: ConcurrencyRow[] = [];
  try {
    // (a) one facility's bulk upload.
    const a = tenant();
    let mark = runtime.log().length;
    const created = await pool(200, 50, (i) =>
      post(documents(a), a.token, { Scope: 'DEVICE', ScopeReference: `dev-${i % 5}`, Filename: `scan-${i}.pdf` }),
    );
    const okA = created.filter((r) => r.status === 200).length;
    rows.push(
      row(
        '(a) 200 document creates, one facility, concurrency 50',
        created,
        retries(mark, 'document.create'),
        await untilExact([
          { path: `${documents(a)}/page`, token: a.token, expected: okA },
          { path: `${documents(a)}/device/dev-1`, token: a.token, expected: okA / 5 },
        ]),
        noErrors,
      ),
    );

    // (b) a busy morning over many tenants.
    const tenants = Array.from({ length: 100 }, tenant);
    const reporter = mintToken({ roles: ['reporter'] }, keys);
    const before = await total(REPORT, reporter);
    mark = runtime.log().length;
    const spread = await pool(200, 50, (i) => post(entries(tenants[i % 100]!), tenants[i % 100]!.token, entry(i)));
    const okB = spread.filter((r) => r.status === 200).length;
    // Until the all-tenant count and every tenant's own (each facility's counter) are exact.
    const exactB = await untilExact([
      { path: REPORT, token: reporter, expected: before + okB },
      ...tenants.map((t) => ({ path: REPORT, token: t.token, expected: 2 })),
    ]);
    rows.push(
      row(
        '(b) 200 log-entry creates over 100 tenants, concurrency 50',
        spread,
        retries(mark, 'maintenance.create'),
        exactB,
        noErrors,
      ),
    );

    // (c) a burst beside a quiet tenant: the quiet one alone first, then during the burst.
    const quiet = tenant();
    const busy = tenant();
    const sequential = async (n: number, offset: number) => {
      const results: Timed[] = [];
      for (let i = 0; i < n; i++) results.push(await post(entries(quiet), quiet.token, entry(offset + i)));
      return results;
    };
    const alone = await sequential(QUIET_CREATES, 0);
    const aloneP99 = quantile(
      alone.map((r) => r.ms),
      0.99,
    );
    mark = runtime.log().length;
    const until = performance.now() + BURST_SECONDS * 1000;
    let n = 0;
    const burstResults: Timed[] = [];
    const burst = Promise.all(
      Array.from({ length: 20 }, async () => {
        while (performance.now() < until) burstResults.push(await post(entries(busy), busy.token, entry(n++)));
      }),
    );
    // The quiet tenant's creates, spread over the burst.
    const during: Timed[] = [];
    // One create per slot over the first 90 % of the burst, each started at its slot, so all of them run during it.
    const slot = (BURST_SECONDS * 900) / QUIET_CREATES;
    const first = performance.now();
    for (let i = 0; i < QUIET_CREATES; i++) {
      await new Promise((r) => setTimeout(r, Math.max(0, first + i * slot - performance.now())));
      during.push(...(await sequential(1, QUIET_CREATES + i)));
    }
    await burst;
    const okBusy = burstResults.filter((r) => r.status === 200).length;
    const exact = await untilExact([
      { path: REPORT, token: busy.token, expected: okBusy },
      { path: REPORT, token: quiet.token, expected: 2 * QUIET_CREATES },
    ]);
    rows.push(
      row(
        `(c) one tenant's ${BURST_SECONDS} s burst, concurrency 20`,
        burstResults,
        retries(mark, 'maintenance.create'),
        exact,
        noErrors,
      ),
    );
    rows.push(
      row(
        `(c) the other tenant alone: ${QUIET_CREATES} sequential creates`,
        alone,
        0,
        null,
        () => `p99 ${Math.round(aloneP99)} ms`,
      ),
    );
    rows.push(
      row(
        `(c) the other tenant during the burst: ${QUIET_CREATES} sequential creates`,
        during,
        0,
        exact,
        (r) =>
          `${(r.p99 / aloneP99).toFixed(2)}x p99 alone (<= 2): ` +
          `${r.ok === r.requests && r.p99 <= 2 * aloneP99 ? 'holds' : 'EXCEEDED'}`,
      ),
    );
  } finally {
    runtime.child.kill('SIGTERM');
    await runtime.exited;
    rmSync(runtime.dir, { recursive: true, force: true });
  }
  return rows;
}

export function printConcurrency(rows: ConcurrencyRow[]): boolean {
  console.log(
    '\nWrites under concurrency (the local runtime over HTTP; exact = every count equals what was written)\n',
  );
  console.log(
    '| scenario | requests | ok | errors | p50 ms | p99 ms | retries/request | exact after ms (<= 5000) | budget |',
  );
  console.log('|---|---:|---:|---|---:|---:|---:|---:|---|');
  for (const r of rows) {
    const errors =
      Object.entries(r.errors)
        .map(([s, n]) => `${n} x ${s}`)
        .join(', ') || '0';
    console.log(
      `| ${r.scenario} | ${r.requests} | ${r.ok} | ${errors} | ${r.p50} | ${r.p99} | ${r.retriesPerRequest} | ` +
        `${r.exactAfterMs ?? '-'} | ${r.budget} |`,
    );
  }
  return rows.every((r) => !r.budget.includes('EXCEEDED'));
}
