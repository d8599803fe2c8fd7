/** The Lambda handler of an operation's step: one bounded chunk per invocation (shared/operations/step.ts). */
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logger } from '../observability';
import type { Operation, StepEvent, StepResult } from './step';

/** The event in and out: the execution's options travel along, so a state machine needs no reshaping. */
export type StepPayload<S> = StepEvent<S> & Partial<Omit<StepResult<S>, 'state'>>;

export function stepHandler<S>(operation: Operation<S>) {
  return middy(async (event: StepPayload<S>): Promise<StepPayload<S> & StepResult<S>> => {
    const options = { ...(event.client ? { client: event.client } : {}), ...(event.from ? { from: event.from } : {}), dryRun: event.dryRun ?? false };
    const result = await operation.step(event.state ?? operation.initial(event), event);
    logger.info('operation step', { operation: operation.name, progress: result.progress, done: result.done });
    return { ...options, ...result };
  }).use(injectLambdaContext(logger, { resetKeys: true }));
}
