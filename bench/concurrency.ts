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
import { mintToken } from '../infra/local/identity';
import { type BenchRuntime, benchRuntime, type ConcurrencyRow, quantile, type Timed } from './concurrency-harness';

export { FAULTS, printConcurrency } from './concurrency-harness';

const BURST_SECONDS = Number(process.env.BENCH_BURST_SECONDS ?? 30);
/** Document files uploaded in (d). */
const UPLOADS = 100;
/** The quiet tenant's creates, alone and during the burst: enough that a p99 is not simply the slowest one. */
const QUIET_CREATES = 100;
const REPORT = '/maintenance-log/report-api/v1/maintenance-log-entries';

const entry = (i: number) => ({
  IncidentTitle: `Incident ${i}`,
  IncidentCause: 'Detector drift',
  IncidentDateStart: `2026-0${1 + (i % 9)}-1${i % 10} 0${i % 10}:00:00`,
});
const documents = (t: { client: string; facility: string }) => `/document/api/v1/${t.client}/${t.facility}/documents`;
const entries = (t: { client: string; facility: string }) =>
  `/maintenance-log/api/v1/${t.client}/${t.facility}/maintenance-log-entries`;

const succeeded = (results: Timed[]) => results.filter((r) => r.status === 200).length;

export async function runConcurrency(faults?: string): Promise<ConcurrencyRow[]> {
  const bench = await benchRuntime(faults);
  try {
    return await scenarios(bench, faults);
  } finally {
    await bench.stop();
  }
}

async function scenarios(bench: BenchRuntime, faults: string | undefined): Promise<ConcurrencyRow[]> {
  const { keys, faultsSince, tenant, post, total, untilExact, pool, retries, row, noErrors } = bench;
  const rows: ConcurrencyRow[] = [];
  // (a) one facility's bulk upload.
  const a = tenant();
  let mark = bench.logMark();
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
  mark = bench.logMark();
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
  mark = bench.logMark();
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
    const r = await fetch(`${bench.apiUrl}${documents(d)}`, {
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
      await fetch(`${bench.apiUrl}${documents(d)}/page/1`, { headers: { authorization: `Bearer ${d.token}` } })
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
  return rows;
}
