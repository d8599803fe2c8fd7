/** The Lambda handler of an operation's step: one bounded chunk per invocation (shared/operations/run-step.ts). */
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logger } from '../observability';
import { METRIC, publish } from '../metrics';
import { processedBy, runStep } from './run-step';
import type { Operation, StepPayload } from './step';

export function stepHandler<S>(operation: Operation<S>) {
  return middy(async (event: StepPayload<S>): Promise<StepPayload<S>> => {
    const begun = performance.now();
    const duration = (): [string, 'Milliseconds', number] => [
      METRIC.stepDuration,
      'Milliseconds',
      Math.round(performance.now() - begun),
    ];
    let answer: StepPayload<S>;
    try {
      answer = await runStep(operation, event);
    } catch (error) {
      // Step Functions retries it or fails the execution (shared/operations/machine.ts); counted either way.
      publish(operation.name, [duration(), [METRIC.processed, 'Count', 0], [METRIC.stepFailures, 'Count', 1]]);
      throw error;
    }
    const before = (event.continued ?? event).progress;
    publish(operation.name, [
      duration(),
      [METRIC.processed, 'Count', processedBy(before, answer.progress!)],
      [METRIC.stepFailures, 'Count', 0],
    ]);
    logger.info('operation step', {
      operation: operation.name,
      ...(answer.segment ? { segment: answer.segment } : {}),
      progress: answer.progress,
      done: answer.done,
    });
    return answer;
  }).use(injectLambdaContext(logger, { resetKeys: true }));
}
