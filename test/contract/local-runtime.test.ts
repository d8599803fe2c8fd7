/**
 * Finding 8 of issue 9, the local runtime: malformed paths, an oversized body on a kept-alive
 * connection, huge headers, and what `npm start` checks and records around DynamoDB Local.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnRuntime } from '../../infra/local/spawn';
import { call, errorOf, newTenant, runtime } from '../support/api';

const t = newTenant();
const containers = `/waste-management/api/v1/${t.client}/${t.facility}/container`;

describe('the local gateway', () => {
  it.each(['%', '%ZZ', '%E0%A4%A', '%ED%A0%80'])(
    'answers a malformed percent-encoding (%s) with 400 and Notifications',
    async (bad) => {
      for (const [method, headers] of [
        ['GET', { authorization: `Bearer ${t.token}` }],
        ['DELETE', {}],
        ['OPTIONS', { origin: 'http://x', 'access-control-request-method': 'GET' }],
      ] as const) {
        const r = await call(method, `${containers}/${bad}`, { headers });
        expect(r.status, `${method}: ${r.text}`).toBe(400);
        expect(r.headers.get('content-type')).toMatch(/^application\/json/);
        expect(errorOf(r).Message).toBe('request.malformed_path');
      }
    },
  );

  /**
   * Sends raw bytes on one connection; `then` is written once the first answer arrived. Resolves with what came back
   * and when the server closed.
   */
  const exchange = (first: Buffer[], then: string) =>
    new Promise<{ text: string; closedAfterMs: number | undefined }>((resolve, reject) => {
      const { hostname, port } = new URL(runtime().apiUrl);
      const socket = net.connect(Number(port), hostname);
      let text = '';
      let answeredAt: number | undefined;
      const timer = setTimeout(() => {
        socket.destroy();
        resolve({ text, closedAfterMs: undefined });
      }, 5000);
      socket.on('data', (chunk) => {
        text += chunk.toString('latin1');
        if (answeredAt === undefined && /\}(\r\n0\r\n\r\n)?$/.test(text)) {
          answeredAt = Date.now();
          socket.write(then);
        }
      });
      socket.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
      });
      socket.on('close', () => {
        clearTimeout(timer);
        resolve({ text, closedAfterMs: answeredAt === undefined ? undefined : Date.now() - answeredAt });
      });
      for (const part of first) socket.write(part);
    });
  const over = 10 * 1024 * 1024 + 1;
  const head = (length: number) =>
    Buffer.from(
      `POST ${containers} HTTP/1.1\r\nHost: local\r\nContent-Type: application/json\r\nContent-Length: ` +
        `${length}\r\n\r\n`,
    );
  const next = `GET ${containers} HTTP/1.1\r\nHost: local\r\n\r\n`;

  it('after a 413 for a body over 10 MB, the next request on that connection meets a closed connection, not a ' +
    'hang', async () => {
    // The client gives up on the body once refused (as curl does) and sends its next request: the
    // issue's symptom was a server still waiting for the body, ~6 s, then a reset.
    const abandoned = await exchange([head(over + 1024 * 1024), Buffer.alloc(over, 0x20)], next);
    expect(abandoned.text).toMatch(/^HTTP\/1\.1 413 [\s\S]*\r\nconnection: close\r\n/i);
    expect(abandoned.text).toContain('"Message":"request.too_large"');
    expect(abandoned.closedAfterMs).toBeLessThan(1000);
  }, 15_000);

  it('a client that sends the whole oversized body still reads the 413', async () => {
    const whole = await exchange([head(over), Buffer.alloc(over, 0x20)], next);
    expect(whole.text).toMatch(/^HTTP\/1\.1 413 /);
    expect(whole.closedAfterMs).toBeLessThan(1000);
  }, 15_000);

  it('answers a 100 KB token (headers over the limit) with a JSON 431 and Notifications', async () => {
    const r = await call('GET', `${containers}/x`, { headers: { authorization: `Bearer ${'a'.repeat(100 * 1024)}` } });
    expect(r.status).toBe(431);
    expect(r.headers.get('content-type')).toBe('application/json');
    expect(errorOf(r).Message).toBe('request.headers_too_large');
  });
});

/** `npm start` in a scratch LOCAL_DIR, quiet. */
function start(localDir: string, env: Record<string, string> = {}) {
  const runtime = spawnRuntime(localDir, { LOG_LEVEL: 'SILENT', ...env });
  started.push(runtime.child);
  return runtime;
}
const started: ChildProcess[] = [];
const scratch: string[] = [];
const newDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nm-archive-start-'));
  scratch.push(dir);
  return dir;
};
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const until = async (check: () => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  return check();
};

afterAll(() => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('reports a port in use before any emulator starts', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const dir = newDir();
    try {
      const runtime = start(dir, { PORT: String((taken.address() as net.AddressInfo).port) });
      expect(await runtime.ready).toBe('exited');
      expect(await runtime.exited).toBe(1);
      expect(runtime.output().stderr).toMatch(/port \d+ on 127\.0\.0\.1 is in use/);
      // DynamoDB Local makes its data folder first: it never started.
      expect(existsSync(path.join(dir, 'dynamodb'))).toBe(false);
    } finally {
      taken.close();
    }
  }, 30_000);

  it('stops a DynamoDB Local left by a killed runtime (by its recorded id) before starting, and stops when its ' +
    'emulator dies', async () => {
    const dir = newDir();
    const first = start(dir);
    expect(await first.ready, first.output().stderr).toBe('ready');
    const recorded = JSON.parse(readFileSync(path.join(dir, 'processes.json'), 'utf8')) as {
      runtime: number;
      dynamodb: number;
    };
    expect(recorded.runtime).toBe(first.child.pid);
    first.child.kill('SIGKILL');
    await first.exited;
    // SIGKILL leaves no chance to stop the Java child: it is still there.
    expect(alive(recorded.dynamodb)).toBe(true);

    const second = start(dir);
    expect(await second.ready, second.output().stderr).toBe('ready');
    expect(second.output().stderr).toContain(
      `Stopping a DynamoDB Local left running by an earlier runtime (pid ${recorded.dynamodb})`,
    );
    expect(await until(() => !alive(recorded.dynamodb), 5000)).toBe(true);

    // Its own DynamoDB Local dies: the runtime says so and stops rather than answering 500s.
    const own = JSON.parse(readFileSync(path.join(dir, 'processes.json'), 'utf8')) as { dynamodb: number };
    process.kill(own.dynamodb, 'SIGKILL');
    expect(await second.exited).toBe(1);
    expect(second.output().stderr).toMatch(/DynamoDB Local stopped unexpectedly \(signal SIGKILL\)/);
    expect(existsSync(path.join(dir, 'processes.json'))).toBe(false);
  }, 90_000);

  it("leaves another runtime's DynamoDB Local alone when a recorded id has been reused by it", async () => {
    const dir = newDir();
    const other = start(dir);
    expect(await other.ready, other.output().stderr).toBe('ready');
    const { dynamodb } = JSON.parse(readFileSync(path.join(dir, 'processes.json'), 'utf8')) as { dynamodb: number };
    // A record left by a runtime long gone whose DynamoDB Local had the id the other one has now.
    const stale = newDir();
    writeFileSync(
      path.join(stale, 'processes.json'),
      JSON.stringify({ runtime: 2 ** 22 + 1, dynamodb, dynamodbStarted: 'Mon Jan  1 00:00:00 2024' }),
    );
    const next = start(stale);
    expect(await next.ready, next.output().stderr).toBe('ready');
    expect(next.output().stderr).not.toContain('Stopping a DynamoDB Local');
    expect(alive(dynamodb)).toBe(true);
    next.child.kill('SIGTERM');
    other.child.kill('SIGTERM');
    await Promise.all([next.exited, other.exited]);
  }, 90_000);
});
