/**
 * From the market bench's measured per-page figures to a table of 1, 10 and 50 million items, with AWS's documented
 * prices and limits (docs/maintenance-operations.md shows the same arithmetic):
 * - DynamoDB on-demand, US East (N. Virginia): USD 0.125 per million read request units, 0.625 per million write
 *   request units (https://aws.amazon.com/dynamodb/pricing/on-demand/); a new on-demand table sustains 12,000 reads
 *   a second (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/on-demand-capacity-mode.html).
 * - Step Functions Standard: USD 0.025 per 1,000 state transitions (https://aws.amazon.com/step-functions/pricing/);
 *   a step is two (its Task, its Choice).
 * - Lambda on arm64: USD 0.0000133334 per GB-second and 0.20 per million requests
 *   (https://aws.amazon.com/lambda/pricing/); a step function has 1,024 MB in prod.
 * A step's time is taken as measured here on DynamoDB Local (which is no faster than DynamoDB), plus 0.1 s a step for
 * Step Functions between the states (an assumption, not a documented figure). Segments: one per million items, the
 * prod stage's concurrency (SEGMENTS_PER_PASS) side by side.
 */
import { ITEMS_PER_SEGMENT, SEGMENTS_PER_PASS } from '../shared/operations/machine';
import type { Consumed } from '../shared/operations/usage';

/** What the market bench measured of one run of an operation: its time and its result with what it consumed. */
export interface Measured {
  seconds: number;
  result: Record<string, unknown> & Consumed;
}

const RRU_USD = 0.125 / 1e6;
const TRANSITION_USD = 0.025 / 1000;
const GB_SECOND_USD = 0.0000133334;
const REQUEST_USD = 0.2 / 1e6;
const STEP_MEMORY_GB = 1;
const BETWEEN_STATES_S = 0.1;
const TABLE_READS_PER_SECOND = 12_000;
const SIZES = [1_000_000, 10_000_000, 50_000_000];

/** Items a step of each operation reads (its Scan page). */
const PAGE: Record<string, number> = { regenerateSequenceMemory: 1000, selectInvalidRecords: 500 };

const usd = (n: number) => (n < 0.01 ? n.toFixed(4) : n.toFixed(2));
const duration = (s: number) =>
  s < 120 ? `${s.toFixed(0)} s` : s < 7200 ? `${(s / 60).toFixed(0)} min` : `${(s / 3600).toFixed(1)} h`;

/** `runs`: whole-table operations on a table of `tableItems` items, one segment each; `client`: an export. */
export function printProjection(
  runs: ({ name: string } & Measured)[],
  client: Measured & { items: number },
  tableItems: number,
) {
  console.log(
    '\nProjection (per-page figures measured above; AWS prices and limits as documented, bench/projection.ts)\n',
  );
  console.log(
    '| operation | items | segments | steps | RRU | time | DynamoDB USD | Step Functions USD | Lambda USD | ' +
      'total USD |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const run of runs) {
    const page = PAGE[run.name]!;
    // Per item of the table: what its scan reads and what the operation reads besides (queries of a partition).
    const rruPerItem = run.result.read.capacityUnits / tableItems;
    const secondsPerStep = (run.seconds / tableItems) * page;
    for (const items of SIZES) {
      const segments = Math.ceil(items / ITEMS_PER_SEGMENT);
      const steps = Math.ceil(items / page);
      const stepsPerSegment = Math.ceil(Math.min(items, ITEMS_PER_SEGMENT) / page);
      const waves = Math.ceil(segments / SEGMENTS_PER_PASS);
      const side = Math.min(segments, SEGMENTS_PER_PASS);
      // Side by side they read at most what a new on-demand table sustains.
      const readRate = (side * page * rruPerItem) / (secondsPerStep + BETWEEN_STATES_S);
      const slowdown = Math.max(1, readRate / TABLE_READS_PER_SECOND);
      const seconds = waves * stepsPerSegment * (secondsPerStep + BETWEEN_STATES_S) * slowdown;
      const rru = items * rruPerItem;
      const dynamo = rru * RRU_USD;
      const states = steps * 2 * TRANSITION_USD;
      const lambda = steps * (secondsPerStep * STEP_MEMORY_GB * GB_SECOND_USD + REQUEST_USD);
      console.log(
        `| ${run.name} | ${items / 1e6} M | ${segments} | ${steps} | ${Math.round(rru)} | ${duration(seconds)} | ` +
          `${usd(dynamo)} | ${usd(states)} | ${usd(lambda)} | ${usd(dynamo + states + lambda)} |`,
      );
    }
  }
  // A client's export reads that client only: the same at any table size.
  const rru = client.result.read.capacityUnits;
  const steps = Math.ceil(client.items / 1000) + 1;
  const [dynamo, states] = [rru * RRU_USD, steps * 2 * TRANSITION_USD];
  const lambda = steps * ((client.seconds / steps) * STEP_MEMORY_GB * GB_SECOND_USD + REQUEST_USD);
  console.log(
    `| exportRecords, a client of ${client.items} items | any | - | ${steps} | ${rru} | ` +
      `${duration(client.seconds)} | ${usd(dynamo)} | ${usd(states)} | ${usd(lambda)} | ` +
      `${usd(dynamo + states + lambda)} |`,
  );
}
