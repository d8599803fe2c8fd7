/**
 * The client as a consumer gets it: `npm pack` of clients/typescript/ (its prepack builds dist/), the tarball
 * installed offline into an empty project (by `npm ci --offline` from the project's lockfile: openapi-fetch and
 * @types/node come from npm's cache, which the repository's `npm ci` filled), the README's ten-line example
 * typechecked there with the repository's TypeScript, a copy with a member misspelt refused by it, and the example run
 * against the local runtime, printing what the README says it prints.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runtime, token } from '../support/api';

const root = path.resolve(import.meta.dirname, '../..');
const clientDir = path.join(root, 'clients/typescript');
const readme = readFileSync(path.join(clientDir, 'README.md'), 'utf8');
const rootPackage = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

/** The README's code block of a kind under a heading. */
function blockUnder(heading: string, kind: string): string {
  const section = readme.split(/^## /m).find((s) => s.startsWith(heading));
  const block = section?.match(new RegExp(`\`\`\`${kind}\\n([\\s\\S]*?)\`\`\``))?.[1];
  if (!block) throw new Error(`README.md: no ${kind} block under "${heading}"`);
  return block;
}
const EXAMPLE = blockUnder('The example in ten lines', 'ts');
const PRINTS = blockUnder('The example in ten lines', 'text');

// npm as a consumer runs it: none of the settings `npm test` hands its scripts (npm_config_*, npm_package_*).
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
const npm = (args: string[], cwd: string) => execFileSync('npm', args, { cwd, env, encoding: 'utf8', stdio: 'pipe' });
const tsc = (project: string) =>
  spawnSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', project], {
    encoding: 'utf8',
  });

/**
 * The empty project's package.json and lockfile: the tarball and `registry` (name: version), with the dependencies of
 * both at the versions the repository's lockfile holds, so `npm ci --offline` takes each from npm's cache by its
 * integrity and asks no registry (an offline `npm install` would need each package's registry metadata cached too).
 */
function writeConsumer(
  dir: string,
  tarball: { filename: string; integrity: string },
  registry: Record<string, string>,
) {
  const rootLock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const client = JSON.parse(readFileSync(path.join(clientDir, 'package.json'), 'utf8'));
  const spec = `file:../${tarball.filename}`;
  const dependencies = { [client.name]: spec, ...registry };
  const packages: Record<string, object> = {
    '': { name: 'consumer', version: '1.0.0', dependencies },
    [`node_modules/${client.name}`]: {
      version: client.version,
      resolved: spec,
      integrity: tarball.integrity,
      dependencies: client.dependencies,
    },
  };
  const queue = [...Object.keys(client.dependencies), ...Object.keys(registry)];
  for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
    const key = `node_modules/${name}`;
    if (packages[key]) continue;
    const { version, resolved, integrity, license, dependencies: needs } = rootLock.packages[key];
    packages[key] = { version, resolved, integrity, license, dependencies: needs };
    queue.push(...Object.keys(needs ?? {}));
  }
  const manifest = { name: 'consumer', version: '1.0.0', private: true, type: 'module', dependencies };
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  const lock = { name: 'consumer', version: '1.0.0', lockfileVersion: 3, requires: true, packages };
  writeFileSync(path.join(dir, 'package-lock.json'), JSON.stringify(lock, null, 2));
}

let work: string;
let consumer: string;
let packed: { filename: string; integrity: string; files: { path: string }[] };

beforeAll(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'nm-archive-client-'));
  packed = JSON.parse(npm(['pack', '--json', '--pack-destination', work], clientDir))[0];
  consumer = path.join(work, 'consumer');
  mkdirSync(consumer);
  writeConsumer(consumer, packed, { '@types/node': rootPackage.devDependencies['@types/node'] });
  npm(['ci', '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], consumer);
  const compilerOptions = {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    lib: ['ES2022', 'DOM'],
    types: ['node'],
    strict: true,
    noEmit: true,
    // The package's own declarations are checked too, not only the example's use of them.
    skipLibCheck: false,
  };
  writeFileSync(path.join(consumer, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['example.ts'] }));
  writeFileSync(path.join(consumer, 'tsconfig.broken.json'), JSON.stringify({ compilerOptions, files: ['broken.ts'] }));
  writeFileSync(path.join(consumer, 'example.ts'), EXAMPLE);
  writeFileSync(path.join(consumer, 'broken.ts'), EXAMPLE.replace('created.data.Uuid', 'created.data.UUID'));
}, 180_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the packed client', () => {
  it('is its build, its types and its README: no sources, nothing of the repository', () => {
    const files = packed.files.map((f) => f.path).sort();
    expect(files).toEqual(expect.arrayContaining(['README.md', 'dist/index.d.ts', 'dist/index.js', 'package.json']));
    expect(files.filter((f) => !/^dist\/[\w-]+\.(js|d\.ts)$/.test(f))).toEqual(['README.md', 'package.json']);
    const installed = JSON.parse(
      readFileSync(path.join(consumer, 'node_modules/@nm-archive/client/package.json'), 'utf8'),
    );
    expect(installed.dependencies).toEqual({ 'openapi-fetch': expect.any(String) });
  });

  it("typechecks the README's example in the empty project, and refuses it with a member misspelt", () => {
    const good = tsc(consumer);
    expect(good.status, good.stdout + good.stderr).toBe(0);
    const broken = tsc(path.join(consumer, 'tsconfig.broken.json'));
    expect(broken.status).not.toBe(0);
    expect(broken.stdout).toMatch(/broken\.ts\(\d+,\d+\): error TS2551: Property 'UUID' does not exist/);
  });

  it("runs the README's example against the local runtime and prints what the README says", () => {
    const bearer = token({
      clients: ['8d1c6e62-3f0e-4d5c-9d7a-0c6a1b2f3e41'],
      facilities: ['5b7e2a90-1c44-4b8e-a3f1-6d2c9e8f7a10'],
      name: 'Ada Lovelace',
    });
    const run = spawnSync(process.execPath, ['example.ts'], {
      cwd: consumer,
      env: { ...env, API: runtime().apiUrl, TOKEN: bearer },
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toBe(PRINTS);
  });
});
