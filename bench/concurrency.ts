/**
 * The concurrency section of `npm run bench`: the whole local runtime (`npm start -- --in-memory`,
 * gateway, authorizer, handlers, the stream writer) under bounded concurrent clients over HTTP, the
 * way a facility's bulk upload or a busy morning would hit it:
 * (a) 200 document creates in one facility at concurrency 50;
 * (b) 200 log-entry creates spread over 100 tenants at concurrency 50;
 * (c) one tenant's 30 s create burst at concurrency 20 beside another tenant's 100 sequential creates;
 * (d) 100 document files uploaded at concurrency 10, each recorded on its document by the S3 event function.
 * Reports successes, errors, p50/p99 latency, retries per request (from the access log) and the
 * time from the last answer until the counts are exact (for (d): until every document has its FileInfo).
 *
 * Run once as it is and once with faults (`runConcurrency(FAULTS)`, the runtime's `--faults`: 2 % of the functions'
 * DynamoDB calls throttled and 1 % of their S3 calls failing with 500, at random from a fixed seed): then every error
 * must be a 503 with Retry-After, the counts still exact within the settle time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { issuerKeys, mintToken } from '../infra/local/identity';
import { spawnRuntime } from '../infra/local/spawn';

const BURST_SECONDS = Number(process.env.BENCH_BURST_SECONDS ?? 30);
/** The faulted run: seeded, so two runs fail the same share of calls (infra/local/faults.ts). */
export const FAULTS = 'random:seed=38,dynamodb=0.02:throttle,s3=0.01:500;control';
/** Document files uploaded in (d). */
const UPLOADS = 100;
/** The quiet tenant's creates, alone and during the burst: enough that a p99 is not simply the slowest one. */
const QUIET_CREATES = 100;
const REPORT = '/maintenance-log/report-api/v1/maintenance-log-entries';

interface Timed {
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

const quantile = (values: number[], q: number) => {
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

export async function runConcurrency(faults?: string): Promise<ConcurrencyRow[]> {
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
  const entry = (i: number) => ({
    IncidentTitle: `Incident ${i}`,
    IncidentCause: 'Detector drift',
    IncidentDateStart: `2026-0${1 + (i % 9)}-1${i % 10} 0${i % 10}:00:00`,
  });
  const documents = (t: { client: string; facility: string }) => `/document/api/v1/${t.client}/${t.facility}/documents`;
  const entries = (t: { client: string; facility: string }) =>
    `/maintenance-log/api/v1/${t.client}/${t.facility}/maintenance-log-entries`;
  const succeeded = (results: Timed[]) => results.filter((r) => r.status === 200).length;
  const rows: ConcurrencyRow[] = [];
  try {
    // (a) one facility's bulk upload.
    const a = tenant();
    let mark = runtime.log().length;
    let devOne = 0;
    const created = await pool(200, 50, async (i) => {
      const r = await post(documents(a), a.token, {
        Scope: 'DEVICE',
        ScopeReference: `dev-${i % 5}`,
        Filename: `scan-${i}.pdf`,
      });
      if (r.status === 200 && i % 5 === 1) devOne += 1;
      return r;
    });
    const exactA = await untilExact([
      { path: `${documents(a)}/page`, token: a.token, expected: succeeded(created) },
      { path: `${documents(a)}/device/dev-1`, token: a.token, expected: devOne },
    ]);
    rows.push(
      row(
        '(a) 200 document creates, one facility, concurrency 50',
        await faultsSince(),
        created,
        retries(mark, 'document.create'),
        exactA,
        noErrors(created),
      ),
    );

    // (b) a busy morning over many tenants.
    const tenants = Array.from({ length: 100 }, tenant);
    const reporter = mintToken({ roles: ['reporter'] }, keys);
    let before: number | undefined;
    while (before === undefined) before = await total(REPORT, reporter);
    mark = runtime.log().length;
    const perTenant = new Map<number, number>();
    const spread = await pool(200, 50, async (i) => {
      const r = await post(entries(tenants[i % 100]!), tenants[i % 100]!.token, entry(i));
      if (r.status === 200) perTenant.set(i % 100, (perTenant.get(i % 100) ?? 0) + 1);
      return r;
    });
    // Until the all-tenant count and every tenant's own (each facility's counter) are exact.
    const exactB = await untilExact([
      { path: REPORT, token: reporter, expected: before + succeeded(spread) },
      ...tenants.map((t, i) => ({ path: REPORT, token: t.token, expected: perTenant.get(i) ?? 0 })),
    ]);
    rows.push(
      row(
        '(b) 200 log-entry creates over 100 tenants, concurrency 50',
        await faultsSince(),
        spread,
        retries(mark, 'maintenanceLog.create'),
        exactB,
        noErrors(spread),
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
    const exact = await untilExact([
      { path: REPORT, token: busy.token, expected: succeeded(burstResults) },
      { path: REPORT, token: quiet.token, expected: succeeded(alone) + succeeded(during) },
    ]);
    const faultsC = await faultsSince();
    rows.push(
      row(
        `(c) one tenant's ${BURST_SECONDS} s burst, concurrency 20`,
        faultsC,
        burstResults,
        retries(mark, 'maintenanceLog.create'),
        exact,
        noErrors(burstResults),
      ),
    );
    rows.push(
      row(`(c) the other tenant alone: ${QUIET_CREATES} sequential creates`, faultsC, alone, 0, null, () => {
        const errorsOk = noErrors(alone)({ exactAfterMs: 0 } as Omit<ConcurrencyRow, 'budget'>) === 'holds';
        return `p99 ${Math.round(aloneP99)} ms${errorsOk ? '' : ': EXCEEDED'}`;
      }),
    );
    rows.push(
      row(
        `(c) the other tenant during the burst: ${QUIET_CREATES} sequential creates`,
        faultsC,
        during,
        0,
        exact,
        // The isolation budget is the fault-free run's: with faults, the quiet tenant's own throttled calls (retried
        // with backoff) set its p99 whether or not the other tenant bursts, so the ratio is printed, the budget is the
        // faulted run's own (no error but a 503 with Retry-After, counts exact).
        (r) =>
          faults
            ? `${(r.p99 / aloneP99).toFixed(2)}x p99 alone: ${noErrors(during)(r)}`
            : `${(r.p99 / aloneP99).toFixed(2)}x p99 alone (<= 2): ` +
              `${noErrors(during)(r) === 'holds' && r.p99 <= 2 * aloneP99 ? 'holds' : 'EXCEEDED'}`,
      ),
    );

    // (d) a facility's files arriving: each recorded on its document by the S3 event function (which reads the
    // object from S3: the S3 faults' part).
    const d = tenant();
    const forms: { Url: string; Fields: Record<string, string> }[] = [];
    await pool(UPLOADS, 10, async (i) => {
      const r = await fetch(`${runtime.info.apiUrl}${documents(d)}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${d.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ Scope: 'DEVICE', ScopeReference: 'dev-0', Filename: `scan-${i}.pdf` }),
      });
      const body = (await r.json()) as { Upload?: { Url: string; Fields: Record<string, string> } };
      if (body.Upload) forms.push(body.Upload);
      return { status: r.status, ms: 0 };
    });
    const uploaded = await pool(forms.length, 10, async (i) => {
      const started = performance.now();
      const data = new FormData();
      for (const [name, value] of Object.entries(forms[i]!.Fields)) data.append(name, value);
      data.append('file', new Blob([new Uint8Array(2048)]), `scan-${i}.pdf`);
      const response = await fetch(forms[i]!.Url, { method: 'POST', body: data });
      await response.arrayBuffer();
      return { status: response.status < 300 ? 200 : response.status, ms: performance.now() - started };
    });
    const recorded = async () => {
      const page = (await (
        await fetch(`${runtime.info.apiUrl}${documents(d)}/page/1`, { headers: { authorization: `Bearer ${d.token}` } })
      ).json()) as { DocumentModelCollection?: { FileInfo: unknown }[] };
      return (page.DocumentModelCollection ?? []).filter((m) => m.FileInfo).length;
    };
    const begun = performance.now();
    let exactD: number | null = null;
    while (performance.now() - begun < 30_000) {
      if ((await recorded()) === succeeded(uploaded)) {
        exactD = Math.round(performance.now() - begun);
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    rows.push(
      row(
        `(d) ${forms.length} document files uploaded, concurrency 10: each one's FileInfo recorded`,
        await faultsSince(),
        uploaded,
        0,
        exactD,
        noErrors(uploaded),
      ),
    );
  } finally {
    runtime.child.kill('SIGTERM');
    await runtime.exited;
    rmSync(runtime.dir, { recursive: true, force: true });
  }
  return rows;
}

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
