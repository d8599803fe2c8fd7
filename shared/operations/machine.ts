/**
 * The state machine of a maintenance operation, in the Amazon States Language: one definition, deployed by the stack
 * (infra/operations.ts) and run by the local runtime's interpreter (infra/local/executions.ts).
 *
 * It loops the operation's step function until the step says `done`. A step that answers `fanOut` sends its segments
 * to a Map state in DISTRIBUTED mode: each segment a child execution with a history of its own, looping the same step
 * function; the next step gets their last payloads. No execution, parent or child, runs more than
 * MAX_STEPS_PER_EXECUTION steps: a child then ends (its segment goes on in the next round of the Map), a parent starts
 * a fresh execution of itself with its payload (`continuedAs` in its output leads the status route there).
 * The errors of the one retry policy are retried with backoff; any other error of a step fails the execution, whose
 * input to the failure state is the last step's output (the state to resume from); a failed segment fails its Map
 * Run, which a redrive of the execution runs again alone (docs/maintenance-operations.md).
 */
import { RETRYABLE_ERRORS } from '../retry';

/** A step does a bounded chunk of work: this long at most (the step function's timeout too). */
export const STEP_TIMEOUT_SECONDS = 300;
/** An execution that has not ended after a day is stopped. */
const EXECUTION_TIMEOUT_SECONDS = 24 * 60 * 60;

/**
 * What the state machine retries: the policy's errors (shared/retry.ts), the name a step's own retry policy gives a
 * dependency that stayed unavailable through its attempts (UnavailableError), and a step whose process stopped (out
 * of memory, a timeout, a crash: `Lambda.Unknown`), since every step may run again (docs/writes.md).
 */
export const STEP_RETRY = {
  ErrorEquals: [...RETRYABLE_ERRORS, 'UnavailableError', 'Lambda.Unknown'],
  IntervalSeconds: 2,
  BackoffRate: 2,
  MaxAttempts: 6,
  MaxDelaySeconds: 60,
  JitterStrategy: 'FULL',
} as const;

/**
 * A Standard execution's history holds at most 25,000 events (Step Functions quotas); an execution stays within 80 %
 * of it by construction: its steps times the most events a step can add, plus its fixed events.
 */
export const HISTORY_EVENT_QUOTA = 25_000;
export const HISTORY_SHARE = 0.8;
/**
 * Events of one loop pass, at most: the Task's entered and exited, three per attempt (scheduled, started, and
 * succeeded, failed or timed out) with every retry taken, the Choice's entered and exited. A Map pass of the parent
 * (entered, started, map run started and ended, succeeded, exited) adds fewer, and is counted as a step.
 */
export const MAX_EVENTS_PER_STEP = 2 + 3 * (STEP_RETRY.MaxAttempts + 1) + 2;
/** Starting the next execution is retried too (throttling), a few times. */
const CARRY_ON_RETRY = { ErrorEquals: ['States.ALL'], IntervalSeconds: 2, BackoffRate: 2, MaxAttempts: 3 } as const;
/**
 * Events outside the loop, at most: started and ended; the carry-on Task (entered, exited, three per attempt,
 * submitted once) and its Succeed state (entered, exited).
 */
export const FIXED_EVENTS = 2 + (2 + 3 * (CARRY_ON_RETRY.MaxAttempts + 1) + 1) + 2;
export const MAX_STEPS_PER_EXECUTION = Math.floor(
  (HISTORY_EVENT_QUOTA * HISTORY_SHARE - FIXED_EVENTS) / MAX_EVENTS_PER_STEP,
);

/**
 * Segments one Map pass runs at most: their payloads go in and come out of the Map state together, which Step Functions
 * holds to 256 KiB (shared/operations/segments.ts keeps each within its share). The stage's MaxConcurrency is at most
 * this.
 */
export const SEGMENTS_PER_PASS = 25;
/**
 * A whole-table operation's default: about one segment per this many items of the table, 1 to MAX_SEGMENTS
 * (shared/domain/scan-segments.ts).
 */
export const ITEMS_PER_SEGMENT = 1_000_000;
/** Where a Map Run's child executions are named (`{machine}/{label}:{id}`), also in the state machine role's grants. */
export const MAP_RUN_LABEL = 'segments';
/** The service integration that starts an execution (not waiting for it). */
export const START_EXECUTION = 'arn:aws:states:::states:startExecution';

/** State names: the history and the status route read the step's output by its name. */
export const stateNames = (operation: string) => ({
  step: `${operation} step`,
  next: `${operation} next?`,
  segments: `${operation} segments`,
  segmentStep: `${operation} segment step`,
  segmentNext: `${operation} segment next?`,
  segmentEnded: `${operation} segment ended`,
  carryOn: `${operation} carry on`,
  carriedOn: `${operation} carried on`,
  succeeded: `${operation} succeeded`,
  failed: `${operation} failed`,
});

export interface StateMachineDefinition {
  Comment: string;
  StartAt: string;
  TimeoutSeconds: number;
  States: Record<string, Record<string, unknown>>;
}

/** The Task that runs one step: the function ARN itself, so the step's answer is the state's output. */
const stepTask = (stepFunctionArn: string, next: string) => ({
  Type: 'Task',
  Resource: stepFunctionArn,
  TimeoutSeconds: STEP_TIMEOUT_SECONDS,
  Retry: [STEP_RETRY],
  Next: next,
});

/** The Map state of a segmented operation: each segment a child execution looping the step function. */
function segmentsState(names: ReturnType<typeof stateNames>, stepFunctionArn: string, maxConcurrency: number) {
  return {
    Type: 'Map',
    Label: MAP_RUN_LABEL,
    ItemsPath: '$.fanOut.segments',
    MaxConcurrency: maxConcurrency,
    ItemProcessor: {
      ProcessorConfig: { Mode: 'DISTRIBUTED', ExecutionType: 'STANDARD' },
      StartAt: names.segmentStep,
      States: {
        [names.segmentStep]: stepTask(stepFunctionArn, names.segmentNext),
        [names.segmentNext]: {
          Type: 'Choice',
          Choices: [
            { Variable: '$.done', BooleanEquals: true, Next: names.segmentEnded },
            { Variable: '$.budgetSpent', IsPresent: true, Next: names.segmentEnded },
          ],
          Default: names.segmentStep,
        },
        [names.segmentEnded]: { Type: 'Succeed' },
      },
    },
    // No Catch: a failed segment fails the Map Run, so a redrive runs that segment again and keeps the others.
    ResultPath: '$.fanOut.results',
    Next: names.step,
  };
}

/**
 * The definition of `operation`'s state machine whose Tasks invoke `stepFunctionArn`; a `segmented` one (a
 * whole-table operation) has the Map state its steps fan out to, with the stage's `maxConcurrency`.
 */
export function operationStateMachine(
  operation: string,
  stepFunctionArn: string,
  { segmented, maxConcurrency }: { segmented: boolean; maxConcurrency: number },
): StateMachineDefinition {
  const names = stateNames(operation);
  return {
    Comment: `${operation}: loops its step function until done, its segments side by side`,
    StartAt: names.step,
    TimeoutSeconds: EXECUTION_TIMEOUT_SECONDS,
    States: {
      [names.step]: {
        ...stepTask(stepFunctionArn, names.next),
        // The failure keeps the input (the last step's output) and adds the error under `failure`.
        Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.failure', Next: names.failed }],
      },
      [names.next]: {
        Type: 'Choice',
        Choices: [
          { Variable: '$.done', BooleanEquals: true, Next: names.succeeded },
          ...(segmented ? [{ Variable: '$.fanOut', IsPresent: true, Next: names.segments }] : []),
          { Variable: '$.budgetSpent', IsPresent: true, Next: names.carryOn },
        ],
        Default: names.step,
      },
      ...(segmented ? { [names.segments]: segmentsState(names, stepFunctionArn, maxConcurrency) } : {}),
      [names.carryOn]: {
        Type: 'Task',
        Resource: START_EXECUTION,
        Parameters: {
          'StateMachineArn.$': '$$.StateMachine.Id',
          Input: { 'continued.$': '$', 'AWS_STEP_FUNCTIONS_STARTED_BY_EXECUTION_ID.$': '$$.Execution.Id' },
        },
        ResultSelector: { 'ExecutionArn.$': '$.ExecutionArn' },
        ResultPath: '$.continuedAs',
        Retry: [CARRY_ON_RETRY],
        Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.failure', Next: names.failed }],
        Next: names.carriedOn,
      },
      [names.carriedOn]: { Type: 'Succeed' },
      [names.succeeded]: { Type: 'Succeed' },
      [names.failed]: { Type: 'Fail', ErrorPath: '$.failure.Error', CausePath: '$.failure.Cause' },
    },
  };
}
