import { globSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

// Four projects: `unit` (test/unit/, no emulators; `npm run test:unit`), `stack` (test/infra/stack/: the synthesized
// stages, no emulators), and the files against the local runtime the global setup starts (once for both):
// `runtime`, whose files share a worker's modules, and `runtime-isolated`, each file with modules of its own.
// `vitest run` runs all four.

/** The runtime's test files. */
const RUNTIME_FILES = ['test/**/*.test.ts'];
const NOT_RUNTIME = ['test/unit/**', 'test/infra/stack/**'];
/**
 * A file that changes what a process holds (its environment, a global, a spy on a built-in stream, a mocked module),
 * or that makes clients as its modules load with settings of its own, gets modules and a process of its own; the
 * others share a worker's modules, so each file's imports are not evaluated again for it (most of the suite's time).
 */
const PROCESS_WIDE =
  /process\.env|vi\.(hoisted|spyOn|mock|doMock|stubEnv|stubGlobal|useFakeTimers)|applyFunctionEnvironment|globalThis\./;
const ISOLATED = globSync(RUNTIME_FILES, { exclude: NOT_RUNTIME }).filter((file) =>
  PROCESS_WIDE.test(readFileSync(file, 'utf8')),
);

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    // Handlers called in-process by unit tests stay quiet (no log, no EMF line); the runtime's own log is kept by the
    // global setup.
    env: { LOG_LEVEL: 'SILENT', POWERTOOLS_METRICS_DISABLED: 'true' },
    projects: [
      // Unit files share a worker's modules too; the two that touch the environment or the clock put it back.
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts'], isolate: false } },
      {
        extends: true,
        test: {
          name: 'stack',
          include: ['test/infra/stack/**/*.test.ts'],
          // Its files share a worker's modules, so a stage is synthesized once per worker, not once per file
          // (test/infra/support/stack.ts); none of them mocks a module.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'runtime',
          include: RUNTIME_FILES,
          exclude: [...NOT_RUNTIME, ...ISOLATED],
          // The local runtime (DynamoDB Local, s3rver, gateway) starts once per run, for both runtime projects.
          globalSetup: ['test/support/global-setup.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'runtime-isolated',
          include: ISOLATED,
          globalSetup: ['test/support/global-setup.ts'],
        },
      },
    ],
  },
});
