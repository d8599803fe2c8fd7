/**
 * shared/operations/machine.ts: the one state machine definition of an operation, and the history it makes. The
 * events an execution writes are counted from the definition (each state's events, its retries taken) and the step
 * sizes: on a table of 50 million items with a stage's defaults no execution, parent or child, passes 80 % of the
 * 25,000 events Step Functions allows (docs/maintenance-operations.md shows the same arithmetic).
 */
import { describe, expect, it } from 'vitest';
import { stageConfig } from '../../../infra/stages';
import { EXPORT_PAGE } from '../../../shared/operations/export-records';
import { SCAN_PAGE as INVALID_PAGE } from '../../../shared/operations/invalid-records';
import {
  FIXED_EVENTS,
  HISTORY_EVENT_QUOTA,
  HISTORY_SHARE,
  ITEMS_PER_SEGMENT,
  MAP_RUN_LABEL,
  MAX_STEPS_PER_EXECUTION,
  operationStateMachine,
  SEGMENTS_PER_PASS,
  START_EXECUTION,
  stateNames,
  STEP_RETRY,
  STEP_TIMEOUT_SECONDS,
} from '../../../shared/operations/machine';
import { SCAN_PAGE as MIGRATION_PAGE } from '../../../shared/operations/migrations';
import { SCAN_PAGE as REGENERATE_PAGE } from '../../../shared/operations/regenerate-sequence-memory';
import { RETRYABLE_ERRORS, UnavailableError } from '../../../shared/retry';

const ARN = 'arn:aws:lambda:eu-central-1:1:function:step';
const definition = operationStateMachine('selectInvalidRecords', ARN, { segmented: true, maxConcurrency: 8 });
const names = stateNames('selectInvalidRecords');
type State = Record<string, unknown> & { Type: string; Retry?: { MaxAttempts: number }[] };

/**
 * The most events one pass of a state writes: entered and exited; a Task three per attempt (scheduled, started, and
 * succeeded, failed or timed out), every retry taken, the start of an execution one more (submitted); a Map run six
 * (entered, started, map run started and ended, succeeded, exited).
 */
function mostEvents(state: State): number {
  const attempts = 1 + Math.max(0, ...(state.Retry ?? []).map((r) => r.MaxAttempts));
  if (state.Type === 'Task') return 2 + 3 * attempts + (state.Resource === START_EXECUTION ? 1 : 0);
  if (state.Type === 'Map') return 6;
  return 2;
}
/** The fewest: no retry taken. */
const leastEvents = (state: State) => (state.Type === 'Task' ? 5 : state.Type === 'Map' ? 6 : 2);

const parent = definition.States as Record<string, State>;
const child = (parent[names.segments]!.ItemProcessor as { States: Record<string, State> }).States;
/** A loop pass: the step's Task and the Choice after it. */
const mostPerStep = Math.max(
  mostEvents(parent[names.step]!) + mostEvents(parent[names.next]!),
  mostEvents(child[names.segmentStep]!) + mostEvents(child[names.segmentNext]!),
);
const leastPerStep = leastEvents(parent[names.step]!) + leastEvents(parent[names.next]!);
/** Outside the loop: started and ended, the Task that starts the next execution and its Succeed state. */
const mostFixed = 2 + mostEvents(parent[names.carryOn]!) + mostEvents(parent[names.carriedOn]!);
const LIMIT = HISTORY_EVENT_QUOTA * HISTORY_SHARE;

describe('operationStateMachine', () => {
  const step = parent[names.step]!;

  it('invokes the step function by ARN, within the step timeout, and loops until done', () => {
    expect(definition.StartAt).toBe(names.step);
    expect(step).toMatchObject({ Type: 'Task', Resource: ARN, TimeoutSeconds: STEP_TIMEOUT_SECONDS, Next: names.next });
    expect(parent[names.next]).toEqual({
      Type: 'Choice',
      Choices: [
        { Variable: '$.done', BooleanEquals: true, Next: names.succeeded },
        { Variable: '$.fanOut', IsPresent: true, Next: names.segments },
        { Variable: '$.budgetSpent', IsPresent: true, Next: names.carryOn },
      ],
      Default: names.step,
    });
  });

  it("retries the one policy's errors and a step's exhausted retries; the rest fail keeping the last state", () => {
    expect(step.Retry).toEqual([STEP_RETRY]);
    expect(STEP_RETRY.ErrorEquals).toEqual(
      expect.arrayContaining([...RETRYABLE_ERRORS, new UnavailableError(new Error('x'), 1).name]),
    );
    expect(step.Catch).toEqual([{ ErrorEquals: ['States.ALL'], ResultPath: '$.failure', Next: names.failed }]);
    expect(parent[names.failed]).toEqual({ Type: 'Fail', ErrorPath: '$.failure.Error', CausePath: '$.failure.Cause' });
  });

  it('fans the segments out to a Distributed Map whose children loop the same step function, uncaught', () => {
    expect(parent[names.segments]).toMatchObject({
      Type: 'Map',
      Label: MAP_RUN_LABEL,
      ItemsPath: '$.fanOut.segments',
      MaxConcurrency: 8,
      ResultPath: '$.fanOut.results',
      ItemProcessor: { ProcessorConfig: { Mode: 'DISTRIBUTED', ExecutionType: 'STANDARD' } },
      Next: names.step,
    });
    expect(parent[names.segments]).not.toHaveProperty('Catch');
    expect(child[names.segmentStep]).toEqual({ ...step, Catch: undefined, Next: names.segmentNext });
    expect(child[names.segmentNext]!.Choices).toEqual([
      { Variable: '$.done', BooleanEquals: true, Next: names.segmentEnded },
      { Variable: '$.budgetSpent', IsPresent: true, Next: names.segmentEnded },
    ]);
  });

  it('carries on in a fresh execution of itself with the payload once the steps are spent', () => {
    expect(parent[names.carryOn]).toMatchObject({
      Type: 'Task',
      Resource: START_EXECUTION,
      Parameters: { 'StateMachineArn.$': '$$.StateMachine.Id', Input: { 'continued.$': '$' } },
      ResultPath: '$.continuedAs',
      Next: names.carriedOn,
    });
  });

  it("a client's operation has no Map state", () => {
    const plain = operationStateMachine('exportRecords', ARN, { segmented: false, maxConcurrency: 8 });
    expect(Object.values(plain.States).map((s) => s.Type)).not.toContain('Map');
  });
});

describe('the history of an execution', () => {
  it('stays within 80 % of the quota by construction: its steps, every retry taken, and its fixed events', () => {
    expect(mostFixed).toBe(FIXED_EVENTS);
    expect(MAX_STEPS_PER_EXECUTION * mostPerStep + mostFixed).toBeLessThanOrEqual(LIMIT);
    expect((MAX_STEPS_PER_EXECUTION + 1) * mostPerStep + mostFixed).toBeGreaterThan(LIMIT);
  });

  it('on 50 million items with the defaults: executions and their events, parent and children', () => {
    const items = 50_000_000;
    const segments = Math.ceil(items / ITEMS_PER_SEGMENT);
    const rows = [
      { name: 'regenerateSequenceMemory', page: REGENERATE_PAGE },
      { name: 'selectInvalidRecords', page: INVALID_PAGE },
      { name: 'migrations', page: MIGRATION_PAGE },
    ].map(({ name, page }) => {
      const stepsPerSegment = Math.ceil(ITEMS_PER_SEGMENT / page);
      const rounds = Math.ceil(stepsPerSegment / MAX_STEPS_PER_EXECUTION);
      const childSteps = Math.min(stepsPerSegment, MAX_STEPS_PER_EXECUTION);
      // The parent: a step to plan, then per pass of the Map a Map state and a step to merge; then the finish.
      const passes = Math.ceil(segments / SEGMENTS_PER_PASS) * rounds;
      const parentSteps = 1 + passes * 2 + 4;
      return { name, stepsPerSegment, rounds, childSteps, passes, parentSteps };
    });
    for (const row of rows) {
      expect(row.childSteps * mostPerStep + mostFixed, row.name).toBeLessThanOrEqual(LIMIT);
      expect(row.parentSteps * mostPerStep + mostFixed, row.name).toBeLessThanOrEqual(LIMIT);
    }
    // Typical histories (no retry): a child of a 500-item page operation writes about 5,600 events a round.
    expect(rows[1]).toMatchObject({ stepsPerSegment: 2000, rounds: 3, childSteps: 799 });
    expect(rows[1]!.childSteps * leastPerStep).toBe(5593);
    // One client of all 50 million items (exportRecords, 1,000 a step): 50,000 steps in executions that carry on.
    const exportSteps = items / EXPORT_PAGE;
    const executions = Math.ceil(exportSteps / MAX_STEPS_PER_EXECUTION);
    expect(executions).toBe(63);
    expect(MAX_STEPS_PER_EXECUTION * mostPerStep + mostFixed).toBeLessThanOrEqual(LIMIT);
    // The stages' concurrency is within a pass of the Map.
    for (const stage of ['dev', 'prod'])
      expect(stageConfig(stage).maintenanceConcurrency).toBeLessThanOrEqual(SEGMENTS_PER_PASS);
  });
});
