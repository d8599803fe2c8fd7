/**
 * Runs one maintenance operation to its end in this process, through its step handler and the step
 * loop (`runSteps`; a measurement needs no state machine retries), and prints { seconds, peakRssMiB,
 * result } as JSON. Used by the bench
 * to measure time and peak memory of export and import on 100,000 records.
 * Usage: node --import tsx bench/scale-run.ts <operation> <client> [<from>]  (settings from the environment)
 */
import { lambdaContext, loadHandler } from '../infra/local/lambda';
import { STEP_TIMEOUT_SECONDS } from '../shared/operations/machine';
import { operations } from '../shared/routes/operations';
import type { StepPayload } from '../shared/operations/step-handler';
import { runSteps, type StepResult } from '../shared/operations/step';

const [name, client, from] = process.argv.slice(2);
const operation = operations.find((o) => o.name === name)!;
const step = await loadHandler<StepPayload<unknown>, StepPayload<unknown> & StepResult<unknown>>(operation.step.entry);
const started = performance.now();
const { result } = await runSteps((event) => step(event, lambdaContext(operation.name, STEP_TIMEOUT_SECONDS * 1000)), {
  client,
  ...(from ? { from } : {}),
});
const seconds = Math.round((performance.now() - started) / 100) / 10;
const peakRssMiB = Math.round(process.resourceUsage().maxRSS / 1024);
process.stdout.write(`${JSON.stringify({ seconds, peakRssMiB, result })}\n`);
