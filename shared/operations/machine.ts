/**
 * The state machine of a maintenance operation, in the Amazon States Language: one definition,
 * deployed by the stack (infra/stack.ts) and run by the local runtime's interpreter
 * (infra/local/stepfunctions.ts). It loops the operation's step function until the step says
 * `done`; the errors of the one retry policy are retried with backoff; any other error fails the
 * execution, whose input to the failure state is the last step's output (the state to resume from).
 */
import { RETRYABLE_ERRORS } from '../retry';

/** A step does a bounded chunk of work: this long at most (the step function's timeout too). */
export const STEP_TIMEOUT_SECONDS = 300;
/** An execution that has not ended after a day is stopped. */
const EXECUTION_TIMEOUT_SECONDS = 24 * 60 * 60;

/**
 * What the state machine retries: the policy's errors (shared/retry.ts), and the name a step's own
 * retry policy gives a dependency that stayed unavailable through its attempts (UnavailableError).
 */
export const STEP_RETRY = {
  ErrorEquals: [...RETRYABLE_ERRORS, 'UnavailableError'],
  IntervalSeconds: 2,
  BackoffRate: 2,
  MaxAttempts: 6,
  MaxDelaySeconds: 60,
  JitterStrategy: 'FULL',
} as const;

/** State names: the history and the status route read the step's output by its name. */
export const stateNames = (operation: string) => ({
  step: `${operation} step`,
  done: `${operation} done?`,
  succeeded: `${operation} succeeded`,
  failed: `${operation} failed`,
});

export interface StateMachineDefinition {
  Comment: string;
  StartAt: string;
  TimeoutSeconds: number;
  States: Record<string, Record<string, unknown>>;
}

/** The definition of `operation`'s state machine whose Task invokes `stepFunctionArn`. */
export function operationStateMachine(operation: string, stepFunctionArn: string): StateMachineDefinition {
  const names = stateNames(operation);
  return {
    Comment: `${operation}: loops its step function over continuation states until done`,
    StartAt: names.step,
    TimeoutSeconds: EXECUTION_TIMEOUT_SECONDS,
    States: {
      [names.step]: {
        Type: 'Task',
        // The function ARN itself: the step's answer is the state's output (the next step's input).
        Resource: stepFunctionArn,
        TimeoutSeconds: STEP_TIMEOUT_SECONDS,
        Retry: [STEP_RETRY],
        // The failure keeps the input (the last step's output) and adds the error under `failure`.
        Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.failure', Next: names.failed }],
        Next: names.done,
      },
      [names.done]: {
        Type: 'Choice',
        Choices: [{ Variable: '$.done', BooleanEquals: true, Next: names.succeeded }],
        Default: names.step,
      },
      [names.succeeded]: { Type: 'Succeed' },
      [names.failed]: { Type: 'Fail', ErrorPath: '$.failure.Error', CausePath: '$.failure.Cause' },
    },
  };
}
