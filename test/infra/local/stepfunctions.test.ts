/**
 * infra/local/stepfunctions.ts: an operation's own state machine definition, run by the ASL
 * interpreter behind the SDK's Step Functions client, with a step function that fails on purpose.
 */
import type { AddressInfo } from 'node:net';
import {
  DescribeExecutionCommand,
  GetExecutionHistoryCommand,
  SFNClient,
  StartExecutionCommand,
} from '@aws-sdk/client-sfn';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../../infra/local/emulators';
import { stateMachineArnOf, stepFunctionArnOf } from '../../../infra/local/environment';
import {
  createStepFunctionsEndpoint,
  localStateMachines,
  type InvokeFunction,
} from '../../../infra/local/stepfunctions';
import { stateNames, STEP_RETRY } from '../../../shared/operations/machine';
import { executionStatus } from '../../../shared/operations/status';

const OPERATION = 'regenerateSequenceMemory';
const named = (name: string, message = name) => Object.assign(new Error(message), { name });

/** The step each test scripts: one answer (or error) per call, in order. */
let script: ((input: any) => unknown)[] = [];
const calls: { arn: string; input: any; at: number }[] = [];
const invoke: InvokeFunction = async (arn, input) => {
  calls.push({ arn, input, at: Date.now() });
  const next = script.shift();
  if (!next) throw new Error('the step was called more often than scripted');
  return next(input);
};

const server = createStepFunctionsEndpoint({ machines: localStateMachines(), invoke });
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
const sfn = new SFNClient({
  endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  region: LOCAL_REGION,
  credentials: LOCAL_CREDENTIALS,
});

async function execute(input: unknown) {
  const { executionArn } = await sfn.send(
    new StartExecutionCommand({ stateMachineArn: stateMachineArnOf(OPERATION), input: JSON.stringify(input) }),
  );
  for (const deadline = Date.now() + 20_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 25))) {
    const execution = await sfn.send(new DescribeExecutionCommand({ executionArn }));
    if (execution.status !== 'RUNNING') {
      const { events = [] } = await sfn.send(new GetExecutionHistoryCommand({ executionArn, maxResults: 1000 }));
      return { execution, events };
    }
  }
  throw new Error('the execution did not end in 20 s');
}

const progress = { phase: 'partitions', processed: 1 };

describe('the local Step Functions endpoint', () => {
  it('retries a throttled step as the definition says, and the execution succeeds', async () => {
    calls.length = 0;
    script = [
      (input) => ({ ...input, state: { cursor: 'a' }, done: false, progress }),
      () => {
        throw named('ThrottlingException', 'Rate exceeded');
      },
      (input) => ({
        ...input,
        state: { cursor: 'b' },
        done: true,
        progress: { phase: 'done', processed: 2 },
        result: { fixed: 0 },
      }),
    ];
    const { execution, events } = await execute({ dryRun: true });
    expect(execution.status).toBe('SUCCEEDED');
    expect(JSON.parse(execution.output!)).toMatchObject({ dryRun: true, done: true, result: { fixed: 0 } });
    // Every call went to this operation's step function; the retry got the failed call's input again.
    expect(calls.map((c) => c.arn)).toEqual(Array(3).fill(stepFunctionArnOf(OPERATION)));
    expect(calls[2]!.input).toEqual(calls[1]!.input);
    expect(calls[1]!.input.state).toEqual({ cursor: 'a' });
    const failed = events.filter((e) => e.type === 'LambdaFunctionFailed');
    expect(failed.map((e) => e.lambdaFunctionFailedEventDetails?.error)).toEqual(['ThrottlingException']);
    // At most the definition's first interval (full jitter) between the failure and the retry.
    expect(calls[2]!.at - calls[1]!.at).toBeLessThanOrEqual(STEP_RETRY.IntervalSeconds * 1000 + 500);
    expect(events.at(-1)!.type).toBe('ExecutionSucceeded');
  });

  it("fails on an error the definition does not retry, keeping the last step's state", async () => {
    calls.length = 0;
    script = [
      (input) => ({ ...input, state: { cursor: 'kept' }, done: false, progress }),
      () => {
        throw named('ValidationException', 'One or more parameter values were invalid');
      },
    ];
    const { execution, events } = await execute({});
    expect(calls).toHaveLength(2);
    expect(execution).toMatchObject({
      status: 'FAILED',
      error: 'ValidationException',
      cause: expect.stringContaining('parameter values were invalid'),
    });
    const names = stateNames(OPERATION);
    const exited = events.filter((e) => e.type === 'TaskStateExited' && e.stateExitedEventDetails?.name === names.step);
    expect(JSON.parse(exited.at(-1)!.stateExitedEventDetails!.output!)).toMatchObject({
      state: { cursor: 'kept' },
      progress,
    });
    const failState = events.find((e) => e.type === 'FailStateEntered')!;
    expect(JSON.parse(failState.stateEnteredEventDetails!.input!)).toMatchObject({
      state: { cursor: 'kept' },
      failure: { Error: 'ValidationException' },
    });
  });

  it('sends the segments a step fans out to the Map, each a loop, and gives the next step their payloads', async () => {
    calls.length = 0;
    const segment = (index: number) => ({ dryRun: false, segment: { index, total: 3 }, state: { cursor: null } });
    const child = (input: any) => ({ ...input, state: { cursor: 'end' }, done: true, progress });
    script = [
      (input) => ({
        ...input,
        state: { pass: 1 },
        done: false,
        progress,
        fanOut: { segments: [0, 1, 2].map(segment) },
      }),
      child,
      child,
      child,
      (input) => ({
        ...input,
        fanOut: undefined,
        done: true,
        progress,
        result: { merged: input.fanOut.results.length },
      }),
    ];
    const { execution, events } = await execute({});
    expect(execution.status).toBe('SUCCEEDED');
    expect(JSON.parse(execution.output!).result).toEqual({ merged: 3 });
    const merged = calls.at(-1)!.input;
    expect(merged.fanOut.results.map((r: any) => [r.segment.index, r.state.cursor])).toEqual([
      [0, 'end'],
      [1, 'end'],
      [2, 'end'],
    ]);
    expect(events.map((e) => e.type)).toContain('MapStateEntered');
  });

  it('carries on in a fresh execution once the steps are spent; the first id answers for the run', async () => {
    calls.length = 0;
    script = [
      (input) => ({ ...input, state: { cursor: 'half' }, done: false, progress, budgetSpent: true }),
      (input) => ({
        ...input.continued,
        budgetSpent: undefined,
        done: true,
        progress,
        result: { from: input.continued.state.cursor },
      }),
    ];
    const { execution } = await execute({ dryRun: true });
    expect(execution.status).toBe('SUCCEEDED');
    const output = JSON.parse(execution.output!);
    expect(output.continuedAs.ExecutionArn).toMatch(/:execution:/);
    expect(calls[1]!.input.AWS_STEP_FUNCTIONS_STARTED_BY_EXECUTION_ID).toBe(execution.executionArn);
    let status = await executionStatus(sfn, OPERATION, execution.executionArn!);
    for (const deadline = Date.now() + 20_000; status?.Status === 'RUNNING' && Date.now() < deadline; ) {
      await new Promise((r) => setTimeout(r, 25));
      status = await executionStatus(sfn, OPERATION, execution.executionArn!);
    }
    expect(status).toMatchObject({
      ExecutionArn: execution.executionArn,
      ExecutionId: execution.name,
      Status: 'SUCCEEDED',
      DryRun: true,
      Result: { from: 'half' },
    });
  });
});
