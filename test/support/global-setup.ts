/**
 * Starts the real local runtime once per test run, for both runtime projects, exactly as `npm start -- --in-memory`
 * does (DynamoDB Local, s3rver, the gateway over the route table), on free ports and in a scratch
 * LOCAL_DIR, and hands its addresses to the tests. Its stdout (the functions' JSON log lines) is
 * kept in a file so tests can read the access log.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, createWriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject, Vitest } from 'vitest/node';
import type { RuntimeInfo } from '../../infra/local/paths';
import { spawnRuntime } from '../../infra/local/spawn';
import { environmentOf } from '../../shared/config';
import { COVERAGE_FILE, documentedAnswers } from './contract';

/** Where the runtime records each function's AWS requests (infra/local/iam-recorder.ts). */
const IAM_RECORD_FILE = 'iam-requests.jsonl';

declare module 'vitest' {
  export interface ProvidedContext {
    runtime: RuntimeInfo;
    localDir: string;
    logFile: string;
  }
}

/** The runtime both runtime projects test against (vitest.config.ts): started by the first, stopped by the last. */
interface SharedRuntime {
  users: number;
  started: Promise<{ runtime: RuntimeInfo; localDir: string; logFile: string; stop: (run: Vitest) => Promise<void> }>;
}
const SHARED = Symbol.for('nm-archive.test-runtime');

export default async function setup(project: TestProject) {
  const holder = globalThis as { [SHARED]?: SharedRuntime };
  holder[SHARED] ??= { users: 0, started: startRuntime() };
  const shared = holder[SHARED];
  shared.users += 1;
  const { runtime, localDir, logFile, stop } = await shared.started;
  project.provide('runtime', runtime);
  project.provide('localDir', localDir);
  project.provide('logFile', logFile);
  return async () => {
    shared.users -= 1;
    if (shared.users === 0) {
      delete holder[SHARED];
      await stop(project.vitest);
    }
  };
}

async function startRuntime() {
  const localDir = mkdtempSync(path.join(os.tmpdir(), 'nm-archive-test-'));
  const logFile = path.join(localDir, 'runtime.log');
  const log = createWriteStream(logFile);
  const started = spawnRuntime(
    localDir,
    {
      IAM_RECORD_FILE: path.join(localDir, IAM_RECORD_FILE),
      LOG_LEVEL: 'INFO',
      // A small upload limit, so the oversized-upload test stays small; the archive check of the runtime's own
      // schedule acts within the run (on AWS it leaves a release 15 minutes).
      ...environmentOf({ maxUploadBytes: String(256 * 1024), archiveGraceSeconds: '20' }),
    },
    // A tenant session's call the policies refuse is answered AccessDenied, as on AWS (infra/local/enforcer.ts); the
    // fault matrix fails the functions' calls per scope (infra/local/faults.ts, test/contract/faults.test.ts).
    ['--enforce-iam', '--faults', 'control'],
  );
  const { child } = started;
  child.stdout.on('data', (chunk: Buffer) => log.write(chunk));
  const runtime = await started.info();

  const stop = async (run: Vitest) => {
    child.kill('SIGTERM');
    await started.exited;
    log.end();
    const coverage = apiCoverage(path.join(localDir, COVERAGE_FILE), ranFiles(run));
    // Every AWS request a function made, against its policy in the synthesized stack.
    const { checkIam, iamReport } = await import('./iam');
    const iam = await checkIam(path.join(localDir, IAM_RECORD_FILE), runtime);
    process.stdout.write(iamReport(iam, path.join(os.tmpdir(), 'nm-archive-iam-unexercised.txt')));
    rmSync(localDir, { recursive: true, force: true });
    if (coverage) throw new Error(coverage);
    if (iam.denied.length)
      throw new Error(`IAM denies ${iam.denied.length} request(s) a function made:\n${iam.denied.join('\n')}`);
    if (iam.ignored.length)
      throw new Error(
        `The IAM evaluator ignored condition keys of ${iam.ignored.length} request(s):\n${iam.ignored.join('\n')}`,
      );
    if (iam.crossed.length)
      throw new Error(`IAM lets a tenant session reach another tenant's data:\n${iam.crossed.join('\n')}`);
  };
  return { runtime, localDir, logFile, stop };
}

/** The test files this run ran (a file filtered out, or skipped as a whole, did not). */
const ranFiles = (run: Vitest) =>
  new Set(
    run.state
      .getTestModules()
      .filter((module) => !['skipped', 'pending', 'queued'].includes(module.state()))
      .map((module) => module.moduleId),
  );

/**
 * The coverage line: each operation with the statuses the run saw (test/support/contract.ts records
 * every answer). When every contract test file ran, a documented status never seen fails the run.
 */
function apiCoverage(file: string, ran: Set<string>): string | undefined {
  const records = existsSync(file)
    ? readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { operation: string; status: number })
    : [];
  const seen = new Set(records.map((r) => `${r.operation} ${r.status}`));
  const documented = documentedAnswers();
  const byOperation = new Map<string, number[]>();
  for (const answer of documented) {
    const [operation, status] = answer.split(' ') as [string, string];
    if (seen.has(answer)) byOperation.set(operation, [...(byOperation.get(operation) ?? []), Number(status)]);
  }
  const covered = documented.filter((a) => seen.has(a)).length;
  process.stdout.write(
    `\nAPI coverage: ${covered}/${documented.length} operation × status seen; ` +
      `${[...byOperation].map(([op, statuses]) => `${op} ${statuses.join(',')}`).join('; ')}\n`,
  );
  const contractDir = path.resolve(import.meta.dirname, '../contract');
  const notRun = readdirSync(contractDir)
    .filter((f) => f.endsWith('.test.ts'))
    .filter((f) => !ran.has(path.join(contractDir, f)));
  const missing = documented.filter((a) => !seen.has(a));
  if (!missing.length) return undefined;
  if (notRun.length) {
    process.stdout.write(
      `API coverage not enforced (${notRun.length} contract test files did not run); unseen: ${missing.join(', ')}\n`,
    );
    return undefined;
  }
  return `Documented answers no test reached (each needs a test, or must leave the document): ${missing.join(', ')}`;
}
