/**
 * shared/operations/start.ts on the runtime's Step Functions endpoint: an execution of an operation's state machine,
 * named `{slug}-{uuid}`, started with the options its steps read; it runs to its end.
 */
import { DescribeExecutionCommand } from '@aws-sdk/client-sfn';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { startExecution } from '../../shared/operations/start';
import { operations } from '../../shared/routes/operations';
import { EXECUTION_ID_PATTERN } from '../../shared/schemas/operation';
import { eventually } from '../support/api';
import { localSfn, stubStateMachineArns } from '../support/executions';

beforeAll(stubStateMachineArns);
const exportRecords = operations.find((o) => o.name === 'exportRecords')!;

describe('startExecution', () => {
  it("starts the operation's state machine with its options, under a fresh id naming the operation", async () => {
    const client = randomUUID();
    const started = await startExecution(localSfn(), exportRecords, { client, inputs: {}, dryRun: true });
    expect(EXECUTION_ID_PATTERN.exec(started.executionId)?.[1]).toBe('export-records');
    expect(started.executionArn).toMatch(new RegExp(`:execution:[^:]+exportRecords:${started.executionId}$`));
    const described = await localSfn().send(new DescribeExecutionCommand({ executionArn: started.executionArn }));
    // No empty inputs, no facility it was not given.
    expect(JSON.parse(described.input!)).toEqual({ client, dryRun: true });
    const ended = await eventually(async () => {
      const e = await localSfn().send(new DescribeExecutionCommand({ executionArn: started.executionArn }));
      return e.status === 'RUNNING' ? undefined : e;
    }, 30_000);
    expect(ended.status).toBe('SUCCEEDED');
  }, 40_000);

  it('refuses an operation this function has no state machine for', async () => {
    await expect(
      startExecution(localSfn(), { ...exportRecords, name: 'unknownOperation' }, { dryRun: true }),
    ).rejects.toThrow(/no state machine configured for unknownOperation/);
  });
});
