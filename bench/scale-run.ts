/**
 * Runs one maintenance operation to its end in this process, through its step handler and its state machine
 * definition (infra/local/executions.ts), and prints { seconds, peakRssMiB, result } as JSON. Used by the bench to
 * measure time, peak memory and what an operation read and wrote.
 * Usage: node --import tsx bench/scale-run.ts <operation> [<client>] [--from <prefix>] [--segments <n>]
 *   (settings from the environment)
 */
import { parseArgs } from 'node:util';
import { runExecutions } from '../infra/local/executions';
import { lambdaContext, loadHandler } from '../infra/local/lambda';
import { STEP_TIMEOUT_SECONDS } from '../shared/operations/machine';
import type { StepPayload } from '../shared/operations/step';
import { operations } from '../shared/routes/operations';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { from: { type: 'string' }, segments: { type: 'string' } },
});
const [name, client] = positionals;
const operation = operations.find((o) => o.name === name)!;
const step = await loadHandler<StepPayload, StepPayload>(operation.step.entry);
const started = performance.now();
// Each step through the step function's handler, as Step Functions invokes it.
const { output } = await runExecutions(
  operation.name,
  {
    ...(client ? { client } : {}),
    ...(values.from ? { inputs: { from: values.from } } : {}),
    ...(values.segments ? { segments: Number(values.segments) } : {}),
  },
  (payload) => step(payload, lambdaContext(operation.name, STEP_TIMEOUT_SECONDS * 1000)),
);
const seconds = Math.round((performance.now() - started) / 100) / 10;
const peakRssMiB = Math.round(process.resourceUsage().maxRSS / 1024);
process.stdout.write(`${JSON.stringify({ seconds, peakRssMiB, result: output.result })}\n`);
