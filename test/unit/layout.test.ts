/**
 * Tests mirror the code (issue 30): each module of shared/ has its unit test at the mirrored path
 * (shared/x/y.ts → test/unit/x/y.test.ts) or its integration test named after it (test/integration/y.test.ts);
 * a unit test is the test of a module. What cannot have a test of its own is listed below,
 * with the reason.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** Modules with no test of their own, and why. */
const UNTESTED: Readonly<Record<string, string>> = {};

/** Unit tests of the repository as a whole, not of one module. */
const REPOSITORY_TESTS = new Set(['test/unit/layout.test.ts', 'test/unit/repository.test.ts']);

const tracked = (pattern: string) =>
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', pattern], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean);

/**
 * The test of a module: its mirrored unit test, or its integration test if that names it (imports it, or says in
 * words that it tests it): test/integration/idempotency.test.ts is the test of shared/data/idempotency.ts, not of
 * shared/http/idempotency.ts.
 */
function testOf(module: string): string | undefined {
  const unit = module.replace(/^shared\//, 'test/unit/').replace(/\.ts$/, '.test.ts');
  if (existsSync(path.join(root, unit))) return unit;
  const integration = `test/integration/${path.posix.basename(module, '.ts')}.test.ts`;
  const named = new RegExp(`${module.replace(/\.ts$/, '')}(\\.ts)?(?![\\w-])`);
  if (existsSync(path.join(root, integration)) && named.test(readFileSync(path.join(root, integration), 'utf8')))
    return integration;
  return undefined;
}

describe('the layout of the tests', () => {
  const modules = tracked('shared/**.ts');

  it('gives every module of shared/ its own test, or a reason why not', () => {
    expect(modules.length).toBeGreaterThan(100);
    expect(modules.filter((m) => !testOf(m) && !(m in UNTESTED))).toEqual([]);
  });

  it('lists as untested only modules that exist and have no test', () => {
    expect(Object.keys(UNTESTED).filter((m) => !modules.includes(m) || testOf(m))).toEqual([]);
  });

  it('has no unit test that is not the test of a module', () => {
    const orphans = tracked('test/unit/**.test.ts').filter(
      (test) =>
        !REPOSITORY_TESTS.has(test) &&
        !modules.includes(test.replace(/^test\/unit\//, 'shared/').replace(/\.test\.ts$/, '.ts')),
    );
    expect(orphans).toEqual([]);
  });
});
