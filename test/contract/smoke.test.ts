/**
 * `npm run --silent smoke` (infra/smoke.ts) against the local runtime, as an operator runs it
 * against a deployed stage: every step passes in the token's facility, one line per step, and what
 * it made is cleaned up (the container deleted, the document archived). A refused token ends the
 * walk at its first authenticated step with exit 1; --help exits 0.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { call, containerPath, documentsPath, newTenant, runtime } from '../support/api';

const root = path.resolve(import.meta.dirname, '../..');
const exec = promisify(execFile);

async function smoke(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await exec('npm', ['run', '--silent', 'smoke', '--', ...args], {
      cwd: root,
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return {
      code: typeof failed.code === 'number' ? failed.code : -1,
      stdout: failed.stdout ?? '',
      stderr: failed.stderr ?? '',
    };
  }
}

describe('npm run --silent smoke', () => {
  it("walks the API in the token's facility, one line per step, and cleans up what it made", {
    timeout: 60_000,
  }, async () => {
    // A reporter: the walk verifies the release register of the year.
    const tenant = newTenant({ roles: ['reporter'] });
    const { code, stdout, stderr } = await smoke(['--url', runtime().apiUrl, '--token', tenant.token]);
    expect(code, `${stdout}\n${stderr}`).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toContain(`client ${tenant.client}, facility ${tenant.facility}`);
    expect(lines.at(-1)).toBe('smoke passed');
    const steps = lines.slice(1, -1);
    expect(steps.length).toBeGreaterThanOrEqual(10);
    for (const line of steps) expect(line).toMatch(/^ok {3}\d+ /);
    for (const step of [
      'POST container',
      'release-register/verify',
      'upload the file',
      'file information arrives',
      'ARCHIVED',
      'DELETE container',
    ])
      expect(stdout).toContain(step);

    // Cleaned up: no container left, the document archived (documents have no delete).
    const created = /POST container \(([0-9a-f-]{36})/.exec(stdout)![1]!;
    expect((await call('GET', containerPath(tenant, created), { token: tenant.token })).status).toBe(404);
    const active = await call('GET', documentsPath(tenant, '/page/1?State=ACTIVE'), { token: tenant.token });
    expect(active.body.DocumentModelCollection).toEqual([]);
    const archived = await call('GET', documentsPath(tenant, '/page/1?State=ARCHIVED'), { token: tenant.token });
    expect(archived.body.DocumentModelCollection.map((d: { Filename: string }) => d.Filename)).toEqual([
      expect.stringMatching(/^smoke-.*\.pdf$/),
    ]);
  });

  it('stops at the first failing step with exit 1 (a token of another issuer), creating nothing', async () => {
    const { code, stdout } = await smoke([
      '--url',
      runtime().apiUrl,
      '--token',
      `x.${Buffer.from(JSON.stringify({ clients: ['c'], facilities: ['f'] })).toString('base64url')}.y`,
    ]);
    expect(code).toBe(1);
    const lines = stdout.trim().split('\n');
    expect(lines.filter((l) => l.startsWith('FAIL'))).toEqual([
      expect.stringMatching(/^FAIL 3 POST container: create: expected 200, got 401/),
    ]);
    expect(lines.at(-1)).toBe('smoke failed');
  });

  it('prints its usage with --help (exit 0) and refuses a call without --url or --token (exit 2)', async () => {
    const help = await smoke(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^usage: npm run --silent smoke -- --url <ApiUrl> --token <jwt>/);
    const missing = await smoke(['--url', runtime().apiUrl]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--token <jwt> is required');
  });
});
