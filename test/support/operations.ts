/**
 * An operation run to its end in the test's process through its state machine definition (infra/local/executions.ts):
 * the Map of a whole-table operation's segments, the fresh executions that carry on, every step through the step
 * framework. Its result, with its last output and how many executions it took.
 */
import { runOperation } from '../../infra/local/executions';
import type { Operation, StepOptions } from '../../shared/operations/step';

export async function runToEnd<S>(operation: Operation<S>, options: StepOptions = {}, maxConcurrency?: number) {
  const { output, executions } = await runOperation(operation, options, maxConcurrency ? { maxConcurrency } : {});
  return { result: output.result as any, output, executions };
}
