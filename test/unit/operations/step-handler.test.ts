/**
 * shared/operations/step-handler.ts: a maintenance step's Lambda handler writes its EMF line (duration, what this step
 * processed, 0/1 for a failure) under the operation, and rethrows a failure for the state machine.
 */
import { describe, expect, it } from 'vitest';
import { lambdaContext } from '../../../infra/local/lambda';
import { METRIC } from '../../../shared/metrics';
import type { Operation } from '../../../shared/operations/step';
import { stepHandler } from '../../../shared/operations/step-handler';
import { capturedEmf, emfValues as values } from '../../support/emf';

const lines = capturedEmf();

describe('maintenance step metrics (EMF) from the step handler builder', () => {
  const operation = (fail: boolean): Operation<{ n: number }> => ({
    name: 'regenerateSequenceMemory',
    initial: () => ({ n: 0 }),
    step: async (state) => {
      if (fail) throw Object.assign(new Error('throttled'), { name: 'ThrottlingException' });
      return { state: { n: state.n + 1 }, done: false, progress: { phase: 'partitions', processed: 30 } };
    },
  });

  it('writes the step duration, what this step processed and 0 failures under the operation', async () => {
    await stepHandler(operation(false))(
      { progress: { phase: 'partitions', processed: 10 }, state: { n: 1 } },
      lambdaContext('step'),
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]!.operation).toBe('regenerateSequenceMemory');
    expect(values(lines[0]!)).toMatchObject({ [METRIC.processed]: 20, [METRIC.stepFailures]: 0 });
    expect(values(lines[0]!)[METRIC.stepDuration]).toBeGreaterThanOrEqual(0);
  });

  it('counts a failed step and rethrows its error for the state machine', async () => {
    await expect(stepHandler(operation(true))({}, lambdaContext('step'))).rejects.toThrow('throttled');
    expect(values(lines[0]!)).toMatchObject({ [METRIC.processed]: 0, [METRIC.stepFailures]: 1 });
  });
});
