/** The command-line tools: usage on --help (exit 0), the unknown operation or option named, token arguments checked. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const run = (tool: string, ...args: string[]) => {
  const result = spawnSync(process.execPath, ['--import', 'tsx', `infra/local/${tool}.ts`, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, LOCAL_DIR: path.join(root, '.local') },
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
};
const claims = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.trim().split('.')[1]!, 'base64url').toString()) as { sub: string; name: string };
const UUID = '8d1c6e62-3f0e-4d5c-9d7a-0c6a1b2f3e41';

describe('command-line tools', () => {
  for (const tool of ['start', 'token', 'ops', 'invoke', 'elapse']) {
    it(`${tool} --help prints its usage and exits 0; an unknown option is named`, () => {
      const help = run(tool, '--help');
      expect([help.code, help.out]).toEqual([0, expect.stringMatching(/^usage: /)]);
      const unknown = run(tool, '--bogus');
      expect(unknown.code).toBe(2);
      expect(unknown.err).toContain('--bogus');
    });
  }

  it('ops and invoke name an unknown operation', () => {
    expect(run('ops', 'export-everything').err).toContain("unknown operation 'export-everything'");
    expect(run('invoke', 'container.explode', 'events/container/load.json').err).toContain(
      "unknown operation 'container.explode'",
    );
  });

  it('token refuses what is not a uuid and unknown roles', () => {
    expect(run('token', '--client', 'notauuid').err).toContain("--client takes a uuid, not 'notauuid'");
    expect(run('token', '--client', UUID, '--facility', UUID, '--role', 'admin').err).toContain("unknown role 'admin'");
  });

  it('token derives the subject from the name: different names are different people, the same name the same', () => {
    const ada = claims(run('token', '--client', UUID, '--facility', UUID, '--name', 'Ada Lovelace').out);
    const grace = claims(run('token', '--client', UUID, '--facility', UUID, '--name', 'Grace Hopper').out);
    expect(ada.sub).not.toBe(grace.sub);
    expect(claims(run('token', '--name', 'Ada Lovelace').out).sub).toBe(ada.sub);
    expect(ada.sub).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(claims(run('token', '--name', 'Ada Lovelace', '--sub', UUID).out).sub).toBe(UUID);
  });
});

describe('elapse', () => {
  it('wants the container and a whole number of minutes', () => {
    expect(run('elapse', '--client', UUID, '--facility', UUID, '--minutes', '60').err).toContain(
      '--client, --facility and --container are required.',
    );
    const bad = run('elapse', '--client', UUID, '--facility', UUID, '--container', UUID, '--minutes', 'soon');
    expect([bad.code, bad.err]).toEqual([2, expect.stringContaining('--minutes takes a whole number')]);
  });
});
