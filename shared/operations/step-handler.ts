/** The Lambda handler of an operation's step: one bounded chunk per invocation (shared/operations/step.ts). */
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logger } from '../observability';
import { METRIC, publish } from '../metrics';
import type { Operation, StepEvent, StepProgress, StepResult } from './step';

/** The event in and out: the execution's options travel along, so a state machine needs no reshaping. */
export type StepPayload<S> = StepEvent<S> & Partial<Omit<StepResult<S>, 'state'>>;

/** What this step processed: progress counts run on within a phase, so the step's own share is the difference. */
export function processedBy(before: StepProgress | undefined, after: StepProgress): number {
  const earlier = before && before.phase === after.phase ? before.processed : 0;
  return Math.max(0, after.processed - earlier);
}

export function stepHandler<S>(operation: Operation<S>) {
  return middy(async (event: StepPayload<S>): Promise<StepPayload<S> & StepResult<S>> => {
    const options = {
      ...(event.client ? { client: event.client } : {}),
      ...(event.from ? { from: event.from } : {}),
      dryRun: event.dryRun ?? false,
    };
    const begun = performance.now();
    const duration = (): [string, 'Milliseconds', number] => [
      METRIC.stepDuration,
      'Milliseconds',
      Math.round(performance.now() - begun),
    ];
    let result: StepResult<S>;
    try {
      result = await operation.step(event.state ?? operation.initial(event), event);
    } catch (error) {
      // Step Functions retries it or fails the execution (shared/operations/machine.ts); counted either way.
      publish(operation.name, [duration(), [METRIC.processed, 'Count', 0], [METRIC.stepFailures, 'Count', 1]]);
      throw error;
    }
    publish(operation.name, [
      duration(),
      [METRIC.processed, 'Count', processedBy(event.progress, result.progress)],
      [METRIC.stepFailures, 'Count', 0],
    ]);
    logger.info('operation step', { operation: operation.name, progress: result.progress, done: result.done });
    return { ...options, ...result };
  }).use(injectLambdaContext(logger, { resetKeys: true }));
}
