/**
 * shared/operations/status.ts on the runtime's Step Functions endpoint: where an execution is (its operation, times,
 * last progress) and how it ended (its report), found by the id its start answered; an unknown id is none.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { stateMachineArnOf } from '../../infra/local/environment';
import { startExecution } from '../../shared/operations/start';
import { executionOf, statusOf } from '../../shared/operations/status';
import { operations } from '../../shared/routes/operations';
import { eventually } from '../support/api';
import { localSfn, stubStateMachineArns } from '../support/executions';

beforeAll(stubStateMachineArns);

describe('an execution id', () => {
  it("names its operation and, by that operation's state machine, its execution ARN", () => {
    const id = `regenerate-sequence-memory-${randomUUID()}`;
    expect(executionOf(id, stateMachineArnOf)).toEqual({
      operation: 'regenerateSequenceMemory',
      executionArn: `${stateMachineArnOf('regenerateSequenceMemory').replace(':stateMachine:', ':execution:')}:${id}`,
    });
    expect(executionOf(`no-such-operation-${randomUUID()}`, stateMachineArnOf)).toBeUndefined();
    expect(executionOf(id, () => undefined)).toBeUndefined();
    expect(executionOf('regenerate-sequence-memory', stateMachineArnOf)).toBeUndefined();
  });
});

describe('statusOf', () => {
  it('answers a finished dry run: its times, last progress, report, a notification in the language', async () => {
    const operation = operations.find((o) => o.name === 'exportRecords')!;
    const started = await startExecution(localSfn(), operation, { client: randomUUID(), dryRun: true });
    const status = await eventually(async () => {
      const s = await statusOf(started.executionId, 'de', localSfn());
      return s?.Status === 'RUNNING' ? undefined : s;
    }, 30_000);
    expect(status).toMatchObject({
      Operation: 'exportRecords',
      ExecutionId: started.executionId,
      ExecutionArn: started.executionArn,
      Status: 'SUCCEEDED',
      DryRun: true,
      Error: null,
    });
    expect(status.StoppedAt! >= status.StartedAt).toBe(true);
    expect(status.Progress).toMatchObject({ Phase: expect.any(String), Processed: expect.any(Number) });
    expect(status.Result).toMatchObject({ dryRun: true });
    expect(status.Notifications[0]).toMatchObject({ Message: 'operation.status' });
  }, 40_000);

  it('is none for an execution Step Functions does not know', async () => {
    expect(await statusOf(`export-records-${randomUUID()}`, 'en', localSfn())).toBeUndefined();
  });
});
