/**
 * What `npm start` does before anything else starts, and what it records while running: the process
 * ids of the runtime and of DynamoDB Local (a separate Java process that listens on every interface,
 * since it has no option to bind to loopback only). A runtime killed outright (SIGKILL) cannot stop
 * its Java child; the next start finds the recorded id and stops that stale DynamoDB Local first.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { localDir } from './paths';

const processesFile = (): string => path.join(localDir(), 'processes.json');

export interface RecordedProcesses {
  /** The runtime's own node process. */
  runtime: number;
  /** DynamoDB Local's Java process. */
  dynamodb?: number;
  /**
   * When DynamoDB Local started (`ps -o lstart`): an id is reused soon where many processes come and go (another
   * runtime's DynamoDB Local may have it by now), so a stale one is stopped only if it started when the recorded did.
   */
  dynamodbStarted?: string;
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The command line of a process, to be sure a recorded id still names the process it was (ids are reused). */
const commandOf = (pid: number): string => {
  try {
    return execFileSync('ps', ['-p', String(pid), '-o', 'command='], { encoding: 'utf8' });
  } catch {
    return '';
  }
};

/** When a process started, as `ps` says (empty when it is gone). */
const startedOf = (pid: number): string => {
  try {
    return execFileSync('ps', ['-p', String(pid), '-o', 'lstart='], { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
};

export function recordProcesses(processes: Omit<RecordedProcesses, 'dynamodbStarted'>): void {
  const started = processes.dynamodb ? { dynamodbStarted: startedOf(processes.dynamodb) } : {};
  writeFileSync(processesFile(), `${JSON.stringify({ ...processes, ...started })}\n`);
}

const readRecorded = (): Partial<RecordedProcesses> => {
  try {
    return JSON.parse(readFileSync(processesFile(), 'utf8')) as Partial<RecordedProcesses>;
  } catch {
    return {};
  }
};

/** Removes this runtime's record (never another live runtime's, which a refused start must leave alone). */
export function forgetProcesses(): void {
  if (readRecorded().runtime === process.pid) rmSync(processesFile(), { force: true });
}

/**
 * Refuses to start beside a live runtime on the same data; stops a DynamoDB Local left behind by a
 * runtime that is gone (by its recorded id, SIGTERM, then SIGKILL after 3 s).
 */
export async function stopStaleProcesses(log: (line: string) => void): Promise<void> {
  if (!existsSync(processesFile())) return;
  const recorded = readRecorded();
  if (
    recorded.runtime &&
    recorded.runtime !== process.pid &&
    alive(recorded.runtime) &&
    commandOf(recorded.runtime).includes('start.ts')
  ) {
    throw new Error(`another local runtime (pid ${recorded.runtime}) is running on ${localDir()}; stop it first`);
  }
  const stale = recorded.dynamodb;
  if (
    stale &&
    alive(stale) &&
    commandOf(stale).includes('DynamoDBLocal.jar') &&
    recorded.dynamodbStarted !== undefined &&
    startedOf(stale) === recorded.dynamodbStarted
  ) {
    log(`Stopping a DynamoDB Local left running by an earlier runtime (pid ${stale}).`);
    process.kill(stale, 'SIGTERM');
    const deadline = Date.now() + 3000;
    while (alive(stale) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    if (alive(stale)) process.kill(stale, 'SIGKILL');
  }
  rmSync(processesFile(), { force: true });
}

/** Fails before any emulator starts when the API's port is taken (port 0: any free one, nothing to check). */
export async function assertPortFree(host: string, port: number): Promise<void> {
  if (port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `port ${port} on ${host} is in use; stop what uses it or set PORT`
            : `cannot listen on ${host}:${port}: ${error.message}`,
        ),
      ),
    );
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}
