/** shared/operations/machine.ts: the one state machine definition of an operation. */
import { describe, expect, it } from 'vitest';
import {
  operationStateMachine,
  stateNames,
  STEP_RETRY,
  STEP_TIMEOUT_SECONDS,
} from '../../../shared/operations/machine';
import { RETRYABLE_ERRORS, UnavailableError } from '../../../shared/retry';

describe('operationStateMachine', () => {
  const definition = operationStateMachine('exportRecords', 'arn:aws:lambda:eu-central-1:1:function:step');
  const names = stateNames('exportRecords');
  const step = definition.States[names.step]!;

  it('invokes the step function by ARN, within the step timeout, and loops until done', () => {
    expect(definition.StartAt).toBe(names.step);
    expect(step).toMatchObject({
      Type: 'Task',
      Resource: 'arn:aws:lambda:eu-central-1:1:function:step',
      TimeoutSeconds: STEP_TIMEOUT_SECONDS,
      Next: names.done,
    });
    expect(definition.States[names.done]).toEqual({
      Type: 'Choice',
      Choices: [{ Variable: '$.done', BooleanEquals: true, Next: names.succeeded }],
      Default: names.step,
    });
  });

  it("retries the one policy's errors and a step's exhausted retries; the rest fail keeping the last state", () => {
    expect(step.Retry).toEqual([STEP_RETRY]);
    expect(STEP_RETRY.ErrorEquals).toEqual(
      expect.arrayContaining([...RETRYABLE_ERRORS, new UnavailableError(new Error('x'), 1).name]),
    );
    expect(step.Catch).toEqual([{ ErrorEquals: ['States.ALL'], ResultPath: '$.failure', Next: names.failed }]);
    expect(definition.States[names.failed]).toEqual({
      Type: 'Fail',
      ErrorPath: '$.failure.Error',
      CausePath: '$.failure.Cause',
    });
  });
});
