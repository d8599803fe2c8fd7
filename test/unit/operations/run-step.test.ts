/**
 * shared/operations/run-step.ts: one step of an operation as its state machine runs it: the execution's options
 * passed on, its steps counted and their budget kept, what a step processed.
 */
import { describe, expect, it } from 'vitest';
import { MAX_STEPS_PER_EXECUTION } from '../../../shared/operations/machine';
import { processedBy, runStep } from '../../../shared/operations/run-step';
import type { Operation, StepEvent } from '../../../shared/operations/step';

/** Counts to `until`, one a step, remembering the events it was given. */
function counter(until: number) {
  const events: StepEvent<{ n: number }>[] = [];
  const operation: Operation<{ n: number }> = {
    name: 'count',
    initial: () => ({ n: 0 }),
    step: async (state, event) => {
      events.push(event);
      const n = state.n + 1;
      return {
        state: { n },
        done: n >= until,
        progress: { phase: 'counting', processed: n },
        ...(n >= until ? { result: { counted: n } } : {}),
      };
    },
  };
  return { operation, events };
}

describe('a step', () => {
  it('starts from the initial state, passes the options on, counts itself, reports the result when done', async () => {
    const { operation, events } = counter(2);
    const first = await runStep(operation, { client: 'c1', dryRun: true, inputs: { from: 'exports/x/' } });
    expect(first).toMatchObject({ client: 'c1', dryRun: true, inputs: { from: 'exports/x/' }, steps: 1, done: false });
    expect(first.state).toEqual({ n: 1 });
    const second = await runStep(operation, first);
    expect(second).toMatchObject({ client: 'c1', dryRun: true, steps: 2, done: true });
    expect(second.result).toMatchObject({ counted: 2 });
    expect(events.map((e) => e.state)).toEqual([undefined, { n: 1 }]);
    expect(events[1]).toMatchObject({ client: 'c1', dryRun: true });
  });

  it('is a dry run only when started as one', async () => {
    expect((await runStep(counter(1).operation, {})).dryRun).toBe(false);
  });

  it(`says when the execution spent its ${MAX_STEPS_PER_EXECUTION} steps; a fresh one carries on from 0`, async () => {
    const { operation } = counter(MAX_STEPS_PER_EXECUTION + 5);
    const last = await runStep(operation, { state: { n: 1 }, steps: MAX_STEPS_PER_EXECUTION - 1 });
    expect(last).toMatchObject({ steps: MAX_STEPS_PER_EXECUTION, budgetSpent: true, done: false });
    const carried = await runStep(operation, { continued: last });
    expect(carried.steps).toBe(1);
    expect(carried.budgetSpent).toBeUndefined();
    expect(carried.state).toEqual({ n: 3 });
  });

  it("takes a new phase's count as processed by this step", () => {
    expect(processedBy({ phase: 'a', processed: 50 }, { phase: 'b', processed: 5 })).toBe(5);
    expect(processedBy(undefined, { phase: 'a', processed: 7 })).toBe(7);
    expect(processedBy({ phase: 'a', processed: 9 }, { phase: 'a', processed: 9 })).toBe(0);
  });
});
