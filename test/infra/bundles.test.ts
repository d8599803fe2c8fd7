/**
 * The bundles as deployed (infra/bundling.ts), not the sources: a function bundled with the stack's settings and its
 * source map loads the built-ins of BUILTINS_BY_REQUIRE without an ES module namespace, still answers a request
 * through the SDK's HTTP handler against DynamoDB Local, and logs stack traces that name the sources
 * (shared/stack-traces.ts) without `--enable-source-maps`; and every route's function holds only the SDK clients its
 * route reaches.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { isBuiltin } from 'node:module';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUILTINS_BY_REQUIRE,
  esbuildOptions,
  LAZY_MODULES,
  lazyModuleOptions,
  sdkClientsIn,
  sourceMapOptions,
  undeclaredClients,
} from '../../infra/bundling';
import { repoRoot } from '../../infra/local/paths';
import { localFunctionName } from '../../infra/local/lambda';
import { LOCAL_CREDENTIALS } from '../../infra/local/emulators';
import { LOCAL_TENANT_ROLE_ARN } from '../../infra/local/sts';
import { environmentOf } from '../../shared/config';
import { authorizerEntry, routes } from '../../shared/routes';
import { germanMessages } from '../../shared/i18n/messages-de';
import { RECORD_ASSETS } from '../../shared/records/pdfa';
import { containerRoutes } from '../../shared/routes/containers';
import { materialRoutes } from '../../shared/routes/material';
import { runtime } from '../support/api';
import { apiEvent } from '../support/events';

const execFileAsync = promisify(execFile);
const dir = mkdtempSync(path.join(os.tmpdir(), 'nm-bundle-'));
const file = path.join(dir, 'index.mjs');
/** A POST function as deployed: its bundle and, beside it, the modules it imports only when needed. */
const postDir = path.join(dir, 'create');
const postFile = path.join(postDir, 'index.mjs');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeAll(async () => {
  await build({ ...esbuildOptions(path.resolve(containerRoutes.load.entry), file), ...sourceMapOptions });
  await build({ ...esbuildOptions(path.resolve(containerRoutes.create.entry), postFile), ...sourceMapOptions });
  for (const out of [dir, postDir]) for (const options of lazyModuleOptions(repoRoot, out)) await build(options);
}, 60_000);

/**
 * Invokes a bundle's handler (container.load's unless said) in a Node process of its own, as Lambda would, once per
 * event: the results, modules and log lines.
 */
async function invokeAll(
  events: object[],
  env: Record<string, string> = {},
  bundle: { file: string; operation: string } = { file, operation: containerRoutes.load.operation },
) {
  const { dynamodbEndpoint, stsEndpoint, tableName, region } = runtime();
  const script =
    `const { handler } = await import(${JSON.stringify(pathToFileURL(bundle.file).href)});\n` +
    'const results = [];\n' +
    `for (const event of ${JSON.stringify(events)}) results.push(await handler(event, ` +
    // Named as the runtime names the operation: its tenant session is that function's (infra/local/sts.ts).
    `{ getRemainingTimeInMillis: () => 10000, functionName: '${localFunctionName(bundle.operation)}', ` +
    `awsRequestId: 'r1' }));\n` +
    `process.stdout.write('\\n' + JSON.stringify({ results, modules: process.moduleLoadList }));`;
  const run = await execFileAsync(process.execPath, ['--input-type=module', '-e', script], {
    env: {
      PATH: process.env.PATH,
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
      ...environmentOf({ region, dynamodbEndpoint, tableName, stsEndpoint, tenantRoleArn: LOCAL_TENANT_ROLE_ARN }),
      LOG_LEVEL: 'ERROR',
      POWERTOOLS_METRICS_DISABLED: 'true',
      ...env,
    },
    encoding: 'utf8',
  }).catch((error: { stdout: string; stderr: string }) => error);
  const lines = run.stdout.trim().split('\n');
  const { results, modules } = JSON.parse(lines.pop()!) as {
    results: { statusCode: number; body: string; headers?: Record<string, string>; isBase64Encoded?: boolean }[];
    modules: string[];
  };
  // Every line either writes is a JSON log line (Powertools writes errors to stderr): nothing else, no warning.
  const logs = [...lines, ...run.stderr.split('\n')]
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { message: string; error?: { stack: string } });
  return { results, modules, logs };
}

const invoke = async (event: object, env: Record<string, string> = {}) => {
  const { results, ...rest } = await invokeAll([event], env);
  return { result: results[0]!, ...rest };
};

const loadEvent = apiEvent({
  rawPath: '/x',
  pathParameters: { clientUuid: 'c-bundle', facilityUuid: 'f-bundle', uuid: 'u-missing' },
  tenant: { client: 'c-bundle', facility: 'f-bundle' },
});

describe('a bundled function', () => {
  it('loads no built-in as an ES module namespace', () => {
    const code = readFileSync(file, 'utf8');
    const imported = [...code.matchAll(/from\s*["']([^"']+)["']/g)].map((m) => m[1]!);
    const builtins = imported.filter((name) => isBuiltin(name));
    // The banner's own import of `module` (createRequire) is the one left.
    expect(builtins).toEqual(['module']);
    expect(code).toContain('process.getBuiltinModule("node:http")');
    expect(BUILTINS_BY_REQUIRE).toContain('http');
  });

  it('answers a request through the SDK against DynamoDB Local', async () => {
    const { result, modules, logs } = await invoke(loadEvent);
    expect(modules).toContain('NativeModule http');
    // What an import of node:http would have loaded through its WebSocket getter.
    expect(modules.filter((m) => m.includes('undici'))).toEqual([]);
    // A 404 of the container's own (not a 503): the tenant session came from the local STS, the Query went to DynamoDB
    // Local with it and came back.
    expect(result.statusCode).toBe(404);
    expect(JSON.parse(result.body).Notifications[0].Message).toBe('container.not_found');
    expect(logs).toEqual([]);
  });

  it('answers in German from the catalogue beside it, loaded by the first request that asks for German', async () => {
    const german = { ...loadEvent, headers: { ...loadEvent.headers, 'accept-language': 'de' } };
    const { results, logs } = await invokeAll([loadEvent, german, loadEvent]);
    expect(results.map((r) => r.statusCode)).toEqual([404, 404, 404]);
    expect(results.map((r) => JSON.parse(r.body).Notifications[0].LocalizedMessage)).toEqual([
      'The container was not found.',
      germanMessages['container.not_found'],
      'The container was not found.',
    ]);
    // Only in the file beside it.
    expect(readFileSync(file, 'utf8')).not.toContain(germanMessages['container.not_found']);
    expect(logs).toEqual([]);
  });

  it('logs a failure with a stack that names the sources, without --enable-source-maps', async () => {
    // A DynamoDB that answers ResourceNotFoundException (a table that does not exist), which no rule expects, so 500.
    // (The runtime's own would answer AccessDenied first: the tenant role reaches its table only.)
    const missing = createServer((req, res) => {
      req.resume();
      res.writeHead(400, { 'content-type': 'application/x-amz-json-1.0' });
      const type = 'com.amazonaws.dynamodb.v20120810#ResourceNotFoundException';
      res.end(JSON.stringify({ __type: type, message: 'none' }));
    }).listen(0, '127.0.0.1');
    await once(missing, 'listening');
    const { port } = missing.address() as AddressInfo;
    const { result, logs } = await invoke(loadEvent, environmentOf({ dynamodbEndpoint: `http://127.0.0.1:${port}` }));
    missing.close();
    expect(result.statusCode).toBe(500);
    const stack = logs.find((l) => l.message === 'request failed')?.error?.stack ?? '';
    expect(stack).toContain('ResourceNotFoundException');
    // Our frames name the TypeScript sources, the library's their packages; none points into the bundle.
    // (Paths are relative to the map; this bundle lies outside the repository, so they start with its path.)
    expect(stack).toMatch(/ \([^()\s]*shared\/[\w/-]+\.ts:\d+:\d+\)/);
    expect(stack).toMatch(/ \(?[^()\s]*node_modules\/@(smithy|aws-sdk)\/[^)\s]+\.js:\d+:\d+\)?/);
    expect(stack).not.toContain('index.mjs:');
  });
});

describe('a POST function', () => {
  it('bundles neither Powertools Idempotency nor the JSON scanner: they lie beside it, imported when needed', () => {
    const code = readFileSync(postFile, 'utf8');
    for (const lazy of ['idempotency-powertools.js', 'json-scanner.js']) {
      expect(Object.keys(LAZY_MODULES)).toContain(lazy);
      expect(code).toContain(`import("./${lazy}")`);
    }
    // What they hold is in their own files only.
    expect(code).not.toContain('IdempotencyItemAlreadyExistsError');
    expect(code).not.toContain('UnexpectedEndOfString');
    expect(readFileSync(path.join(postDir, 'idempotency-powertools.js'), 'utf8')).toContain(
      'IdempotencyItemAlreadyExistsError',
    );
    expect(readFileSync(path.join(postDir, 'json-scanner.js'), 'utf8')).toContain('UnexpectedEndOfString');
  });

  it('answers a create with a body and an Idempotency-Key, and the same again from its record', async () => {
    const tenant = { client: randomUUID(), facility: randomUUID() };
    const create = apiEvent({
      method: 'POST',
      rawPath: '/x',
      pathParameters: { clientUuid: tenant.client, facilityUuid: tenant.facility },
      tenant,
      headers: { 'idempotency-key': randomUUID() },
      body: { Name: 'Bundled' },
    });
    const twice = {
      ...create,
      headers: { ...create.headers, 'idempotency-key': randomUUID() },
      body: '{"Name":"Bundled","Name":"Twice"}',
    };
    const { results, logs } = await invokeAll(
      [create, create, twice],
      {},
      {
        file: postFile,
        operation: containerRoutes.create.operation,
      },
    );
    const [first, again, repeated] = results as [(typeof results)[0], (typeof results)[0], (typeof results)[0]];
    expect(first.statusCode).toBe(200);
    // The second answer is the first one's, from its idempotency record: the same container.
    expect(again.statusCode).toBe(200);
    expect(JSON.parse(again.body).ContainerModel.Uuid).toBe(JSON.parse(first.body).ContainerModel.Uuid);
    // A member named twice: the scanner, loaded from beside the bundle, finds it.
    expect(repeated.statusCode).toBe(400);
    expect(JSON.parse(repeated.body).Notifications[0].Details).toEqual([expect.stringContaining('Name')]);
    expect(logs).toEqual([]);
  });
});

describe('a report function', () => {
  // As deployed: the bundle, the modules bundled apart, the record's assets and the installed packages beside it.
  const reportDir = path.join(dir, 'report');
  const reportFile = path.join(reportDir, 'index.mjs');
  beforeAll(async () => {
    await build({ ...esbuildOptions(path.resolve(materialRoutes.monthReport.entry), reportFile), ...sourceMapOptions });
    for (const options of lazyModuleOptions(repoRoot, reportDir)) await build(options);
    for (const asset of Object.values(RECORD_ASSETS))
      copyFileSync(path.join(repoRoot, asset), path.join(reportDir, path.basename(asset)));
    mkdirSync(path.join(reportDir, 'node_modules'));
    for (const name of ['pdf-lib', '@pdf-lib'])
      symlinkSync(path.join(repoRoot, 'node_modules', name), path.join(reportDir, 'node_modules', name));
  }, 60_000);

  it('bundles neither the CSV nor the PDF/A record: they lie beside it, imported for those media types only', () => {
    const code = readFileSync(reportFile, 'utf8');
    expect(code).toContain('import("./report-files.js")');
    const files = readFileSync(path.join(reportDir, 'report-files.js'), 'utf8');
    // The record's font and its PDF/A metadata, and the CSV's dialect, are in the module apart only.
    for (const marker of ['DejaVuSans', 'pdfaid:part']) {
      expect(code).not.toContain(marker);
      expect(files).toContain(marker);
    }
    // The PDF library stays an installed package, imported when a record is drawn.
    expect(files).toContain('import("pdf-lib")');
    expect(files).not.toContain('PDFHexString.of');
  });

  it('answers JSON without it, and CSV and a PDF/A record with it', async () => {
    const tenant = { client: randomUUID(), facility: randomUUID() };
    const month = (accept: string) =>
      apiEvent({
        rawPath: '/x',
        pathParameters: { clientUuid: tenant.client, facilityUuid: tenant.facility },
        tenant,
        roles: ['rpo'],
        query: { month: '2026-10' },
        headers: { accept },
      });
    const bundle = { file: reportFile, operation: materialRoutes.monthReport.operation };
    // A JSON request does not need the module: it answers with the module taken away.
    const lazy = path.join(reportDir, 'report-files.js');
    renameSync(lazy, `${lazy}.away`);
    const json = await invokeAll([month('application/json')], {}, bundle).finally(() =>
      renameSync(`${lazy}.away`, lazy),
    );
    expect(json.results[0]!.statusCode).toBe(200);
    expect(JSON.parse(json.results[0]!.body).MaterialMonthReportModel.Month).toBe('2026-10');
    const { results, logs } = await invokeAll([month('text/csv'), month('application/pdf')], {}, bundle);
    const [csv, pdf] = results as [(typeof results)[0], (typeof results)[0]];
    expect(csv.statusCode).toBe(200);
    expect(csv.headers?.['Content-Type']).toBe('text/csv; charset=utf-8');
    expect(csv.body.length).toBeGreaterThan(0);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers?.['Content-Type']).toBe('application/pdf');
    const bytes = Buffer.from(pdf.body, pdf.isBase64Encoded ? 'base64' : 'utf8');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain('pdfaid:part');
    expect(logs).toEqual([]);
  }, 60_000);
});

describe('every function', () => {
  it('bundles only the SDK clients its route reaches: a read without files or records holds no S3 client', async () => {
    const functions = new Map<string, Parameters<typeof undeclaredClients>[0]>([[authorizerEntry, 'authorizer']]);
    for (const route of routes) if (!functions.has(route.entry)) functions.set(route.entry, route);
    const found: Record<string, string[]> = {};
    const entries = [...functions];
    // A few builds at a time: esbuild runs each on every core.
    for (let i = 0; i < entries.length; i += 4)
      await Promise.all(
        entries.slice(i, i + 4).map(async ([entry, route]) => {
          const out = path.join(dir, 'clients', `${entry.replaceAll('/', '-')}.mjs`);
          const { metafile } = await build({ ...esbuildOptions(path.resolve(entry), out), write: false });
          const extra = undeclaredClients(route, sdkClientsIn(metafile!));
          if (extra.length) found[entry] = extra;
        }),
      );
    // Checked on a function that reaches both, so the rule is seen to count a client it finds.
    expect(undeclaredClients({ files: 'none', data: 'read' }, ['client-dynamodb', 'client-s3'])).toEqual(['client-s3']);
    expect(found).toEqual({});
  }, 180_000);
});
