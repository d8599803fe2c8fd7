/**
 * shared/log-output.ts: the functions' logger and metrics write their lines to the descriptors, in a process of their
 * own with real pipes as a function's on Lambda: every line arrives, whole and in order, on the stream it belongs to,
 * and neither `process.stdout` nor `process.stderr` is created for it; a descriptor that refuses writes (a full,
 * non-blocking pipe) hands the lines to its stream without losing or reordering one.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';

const SHARED = path.resolve(import.meta.dirname, '../../shared');

/** Notes every read of `process.stdout` and `process.stderr` (the getters that create the streams). */
const WATCH_STREAMS = `
const touched = [];
for (const name of ['stdout', 'stderr']) {
  const { get } = Object.getOwnPropertyDescriptor(process, name);
  Object.defineProperty(process, name, { configurable: true, get() { touched.push(name); return get.call(process); } });
}
const { writeSync } = await import('node:fs');
const report = () => writeSync(2, 'TOUCHED ' + JSON.stringify(touched) + '\\n');
`;

/** Runs `script` (an ES module, with tsx for our sources) and collects its output; reading begins after `holdMs`. */
function run(script: string, env: Record<string, string>, holdMs = 0) {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', WATCH_STREAMS + script], {
    // Node's own warnings would be written through process.stderr.
    env: { ...process.env, NODE_NO_WARNINGS: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pause();
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
  return new Promise<{ stdout: string; stderr: string; code: number | null }>((resolve) => {
    void sleep(holdMs).then(() => child.stdout.on('data', (chunk: Buffer) => out.push(chunk)).resume());
    child.on('close', (code) =>
      resolve({ stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString(), code }),
    );
  });
}

const touchedIn = (stderr: string) => JSON.parse(/^TOUCHED (.*)$/m.exec(stderr)![1]!) as string[];
const jsonLines = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, any>);

describe('the log and metric lines (shared/log-output.ts)', () => {
  it('reach stdout and stderr in order, and no stream is created for them', async () => {
    const result = await run(
      `const { logger } = await import(${JSON.stringify(`${SHARED}/observability.ts`)});
       const { publish } = await import(${JSON.stringify(`${SHARED}/metrics.ts`)});
       logger.info('first', { n: 1 });
       logger.warn('careful', { n: 2 });
       publish('container.load', [['Latency', 'Milliseconds', 12]]);
       logger.createChild().error('from a child', { n: 3 });
       logger.info('last', { n: 4 });
       report();`,
      { LOG_LEVEL: 'INFO', POWERTOOLS_METRICS_DISABLED: 'false' },
    );
    expect(result.code, result.stderr).toBe(0);
    const out = jsonLines(result.stdout);
    expect(out.map((line) => line.message ?? line.operation)).toEqual(['first', 'container.load', 'last']);
    expect(out[1]!.Latency).toBe(12);
    expect(out[1]!._aws.CloudWatchMetrics[0].Metrics).toEqual([{ Name: 'Latency', Unit: 'Milliseconds' }]);
    expect(jsonLines(result.stderr).map((line) => [line.level, line.message, line.n])).toEqual([
      ['WARN', 'careful', 2],
      ['ERROR', 'from a child', 3],
    ]);
    expect(touchedIn(result.stderr)).toEqual([]);
  });

  it('go through the stream once a non-blocking descriptor refuses a write, none lost or reordered', async () => {
    const count = 4000;
    const result = await run(
      `const { lineOutput } = await import(${JSON.stringify(`${SHARED}/log-output.ts`)});
       process.stdout; // its stream makes the pipe non-blocking; the test reads nothing for a while: it fills up
       touched.length = 0;
       const pad = 'x'.repeat(200);
       for (let i = 0; i < ${count}; i++) lineOutput.write(1, JSON.stringify({ i, pad }) + '\\n');
       report();`,
      {},
      300,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(jsonLines(result.stdout).map((line) => line.i)).toEqual(Array.from({ length: count }, (_, i) => i));
    // The pipe (64 KiB) filled while nothing read it: the rest went through the stream.
    expect(touchedIn(result.stderr)).toContain('stdout');
  });
});
