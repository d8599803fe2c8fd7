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

/** Why a part of the route table has no test of its own. */
const ROUTE_TABLE = 'data: a part of the route table, every route held by routes/*.test.ts, contract and stack tests';
/** Modules with no test of their own, and why: types, wiring, or declarative data that the tests of its users hold. */
const UNTESTED: Readonly<Record<string, string>> = {
  // Clients made as their module loads, from the configuration: every integration and contract test runs through them.
  'shared/clients/dynamodb.ts': 'wiring: the DynamoDB clients and their retry policy',
  'shared/clients/s3.ts': 'wiring: the S3 clients',
  'shared/clients/sfn.ts': 'wiring: the Step Functions client',
  'shared/clients/sts.ts': 'wiring: AssumeRole over the SDK (integration/tenant-sessions.test.ts, a fake STS)',
  'shared/observability.ts': 'wiring: the Powertools logger',
  'shared/http/json-scanner.ts': "a re-export: jsonc-parser's scanner behind a dynamic import (http/json.test.ts)",
  // Types, and constants whose meaning is tested where they act.
  'shared/data/container-store.ts': 'the port: interfaces its adapters implement (integration/containers.test.ts)',
  'shared/domain/record-content.ts': "types: a record's sections (domain/release-record-content.test.ts)",
  'shared/http/types.ts': "types: a request, an answer, the middleware's marker",
  'shared/operations/step.ts': 'types: an operation and its steps (operations/run-step.test.ts)',
  'shared/domain/presigned.ts': "constants: the addresses' lifetimes (clients/tenant-sessions.test.ts)",
  'shared/domain/scan-segments.ts': "a constant: the segments' bound (operations/segments, schemas/operation tests)",
  'shared/http/cors.ts': 'constants: the CORS headers (infra/stack/api.test.ts)',
  'shared/domain/regimes/regime.ts': 'types: the interface a regime module implements (domain/regimes/*)',
  // The route table's parts: what each route is, read by the table-wide tests.
  'shared/routes/containers.ts': ROUTE_TABLE,
  'shared/routes/docs.ts': ROUTE_TABLE,
  'shared/routes/documents.ts': ROUTE_TABLE,
  'shared/routes/facility.ts': ROUTE_TABLE,
  'shared/routes/maintenance.ts': ROUTE_TABLE,
  'shared/routes/material.ts': ROUTE_TABLE,
  'shared/routes/measurements.ts': ROUTE_TABLE,
  'shared/routes/releases.ts': ROUTE_TABLE,
};

/** Unit tests of the repository as a whole, not of one module. */
const REPOSITORY_TESTS = new Set([
  'test/unit/layout.test.ts',
  'test/unit/repository.test.ts',
  // every route has its handler, its documentation and its sample event
  'test/unit/routes/completeness.test.ts',
]);

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
