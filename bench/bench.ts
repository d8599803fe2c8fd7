/**
 * `npm run bench`: cold starts (bench/cold-start.ts: bundle size and import time per function, paired with a
 * reference handler that imports only the same SDK clients), DynamoDB consumed capacity per container, document and
 * maintenance-log operation and the 100,000-record export and import (bench/capacity.ts), maintenance operations on a
 * table of 300,000 items over more than 100 clients with a projection to 50 million (bench/market.ts), and writes
 * under concurrency, without and with faults injected at random from a seed (bench/concurrency.ts). The issues'
 * budgets are checked; the exit code is 1 if one fails.
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { commandLine } from '../infra/cli';
import { repoRoot } from '../infra/local/paths';
import { capacity } from './capacity';
import { coldStarts } from './cold-start';
import { FAULTS, printConcurrency, runConcurrency } from './concurrency';
import { market } from './market';
import { materialBook } from './material';
import { scale } from './scale';

const { values: options } = commandLine(
  'Usage: npm run bench [-- --cold-start | --material | --concurrency]\n' +
    '  --cold-start   only bundle sizes, cold imports, source maps and sessions\n' +
    '  --material     only what the material book reads\n' +
    '  --concurrency  only the writes under concurrency, without and with faults (seeded)\n',
  {
    'cold-start': { type: 'boolean', default: false },
    material: { type: 'boolean', default: false },
    concurrency: { type: 'boolean', default: false },
  },
);

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const out = path.join(repoRoot, 'bench/.out');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
let failed = false;
const verdict = (ok: boolean) => {
  if (!ok) failed = true;
  return ok ? 'holds' : 'EXCEEDED';
};

if (options.material) {
  await materialBook(verdict);
  process.exit(failed ? 1 : 0);
}
if (!options.concurrency) {
  await coldStarts(out, RUNS, verdict);
  if (options['cold-start']) process.exit(failed ? 1 : 0);
  await capacity(verdict);
  await materialBook(verdict);
  await scale(verdict);
  await market(verdict);
}
if (!printConcurrency(await runConcurrency(), await runConcurrency(FAULTS))) failed = true;
console.log(failed ? '\nA budget is exceeded.' : '\nAll budgets hold.');
process.exit(failed ? 1 : 0);
