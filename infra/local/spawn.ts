/**
 * The local runtime in a process of its own, as `npm start -- --in-memory` starts it, on free ports, in a scratch
 * LOCAL_DIR: for the tests' global setup, the tests of the runtime itself and the concurrency bench.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { READY_LINE, repoRoot, type RuntimeInfo } from './paths';

/** At most this much of each stream is kept for `output()`; the ready line comes long before. */
const KEPT_BYTES = 1024 * 1024;

export function spawnRuntime(localDir: string, env: NodeJS.ProcessEnv = {}, args: readonly string[] = []) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts', '--in-memory', ...args], {
    cwd: repoRoot,
    env: { ...process.env, LOCAL_DIR: localDir, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    if (stdout.length < KEPT_BYTES) stdout += chunk;
  });
  child.stderr.on('data', (chunk: Buffer) => {
    if (stderr.length < KEPT_BYTES) stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  /** `ready` once the runtime says so, `exited` if it ends first. */
  const ready = new Promise<'ready' | 'exited'>((resolve) => {
    const watch = () => {
      if (!stdout.includes(READY_LINE)) return;
      child.stdout.off('data', watch);
      resolve('ready');
    };
    child.stdout.on('data', watch);
    void exited.then(() => resolve('exited'));
  });
  return {
    child,
    ready,
    exited,
    output: () => ({ stdout, stderr }),
    /** What the runtime publishes once ready; throws with its output if it ended instead, or took over `ms`. */
    async info(ms = 60_000): Promise<RuntimeInfo> {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), ms);
      });
      const outcome = await Promise.race([ready, late]);
      clearTimeout(timer);
      if (outcome !== 'ready')
        throw new Error(
          `local runtime ${outcome === 'late' ? `did not start in ${ms / 1000} s` : 'exited'}: ${stderr}`,
        );
      return JSON.parse(readFileSync(path.join(localDir, 'runtime.json'), 'utf8')) as RuntimeInfo;
    },
  };
}
