import { defineConfig } from 'vitest/config';

// Three projects: `unit` (test/unit/, no emulators; `npm run test:unit`), `stack` (test/infra/stack/: the synthesized
// stages, no emulators) and `runtime` (the rest, against the local runtime the global setup starts). `vitest run` runs
// all three.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    // Handlers called in-process by unit tests stay quiet (no log, no EMF line); the runtime's own log is kept by the
    // global setup.
    env: { LOG_LEVEL: 'SILENT', POWERTOOLS_METRICS_DISABLED: 'true' },
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts'] } },
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
          include: ['test/**/*.test.ts'],
          exclude: ['test/unit/**', 'test/infra/stack/**'],
          // The local runtime (DynamoDB Local, s3rver, gateway) starts once per run.
          globalSetup: ['test/support/global-setup.ts'],
        },
      },
    ],
  },
});
