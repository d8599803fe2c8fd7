/**
 * Executions of an operation's state machine without AWS: the definition the stack deploys
 * (shared/operations/machine.ts) run by an independent ASL interpreter (aws-local-stepfunctions), which runs a Map
 * state in DISTRIBUTED mode inline, its child executions' Tasks included. Its Lambda Tasks go to `invoke`; the Task
 * that starts the next execution (`states:startExecution`) to `startExecution`. The local Step Functions endpoint
 * (infra/local/stepfunctions.ts) runs its executions this way, and so do the tests and the bench in their own
 * process (`runOperation`).
 */
import { StateMachine, type RunOptions, type StateMachineDefinition } from 'aws-local-stepfunctions';
import { operationStateMachine, START_EXECUTION } from '../../shared/operations/machine';
import { runStep } from '../../shared/operations/run-step';
import type { Operation, StepOptions, StepPayload } from '../../shared/operations/step';
import { isSegmented, operations } from '../../shared/routes/operations';
import { LOCAL_REGION } from './emulators';
import { LOCAL_ACCOUNT } from './iam-requests';

/** Segments run side by side in one process here: the machine has two cores, shared. */
export const LOCAL_MAX_CONCURRENCY = 4;

/** Invokes a Lambda function by ARN with a JSON payload, as a Task state's Resource names it. */
export type InvokeFunction = (functionArn: string, payload: unknown) => Promise<unknown>;
/** What `states:startExecution` is given (after the Task's Parameters) and answers. */
export type StartExecution = (request: {
  StateMachineArn: string;
  Input: unknown;
}) => Promise<{ ExecutionArn: string; StartDate: number }>;

type States = Record<string, { Type: string; Resource?: string; ItemProcessor?: { States: States } }>;

/** Every Task state of a definition by name, those of a Map's item processor included: its Resource. */
function tasksOf(states: States): [string, string][] {
  return Object.entries(states).flatMap(([name, state]) => [
    ...(state.Type === 'Task' ? [[name, state.Resource!] as [string, string]] : []),
    ...(state.ItemProcessor ? tasksOf(state.ItemProcessor.States) : []),
  ]);
}

export interface ExecutionContext {
  executionArn: string;
  name: string;
  stateMachineArn: string;
}

/** Starts the definition in the interpreter: its result and its event log, as aws-local-stepfunctions runs them. */
export function runDefinition(
  definition: StateMachineDefinition,
  input: unknown,
  execution: ExecutionContext,
  { invoke, startExecution }: { invoke: InvokeFunction; startExecution: StartExecution },
) {
  const handlers = Object.fromEntries(
    tasksOf(definition.States as States).map(([name, resource]) => [
      name,
      (taskInput: unknown) =>
        resource === START_EXECUTION
          ? startExecution(taskInput as Parameters<StartExecution>[0])
          : invoke(resource, taskInput),
    ]),
  ) as NonNullable<NonNullable<RunOptions['overrides']>['taskResourceLocalHandlers']>;
  const machine = new StateMachine(definition, { validationOptions: { checkPaths: true, checkArn: true } });
  return machine.run(input as Parameters<StateMachine['run']>[0], {
    overrides: { taskResourceLocalHandlers: handlers },
    context: {
      Execution: {
        Id: execution.executionArn,
        Name: execution.name,
        StartTime: new Date().toISOString(),
        Input: input as never,
      },
      StateMachine: { Id: execution.stateMachineArn, Name: execution.stateMachineArn.split(':').at(-1)! },
    },
  });
}

/** What failed an execution: the Fail state's error and cause (an ExecutionError carries them as its cause). */
export function failureOf(error: Error): { error: string; cause: string } {
  const failed = error.name === 'ExecutionError' && error.cause instanceof Error ? error.cause : error;
  return { error: failed.name, cause: failed.message };
}

/**
 * Runs an operation in this process to its end through its state machine, each step by `step` (JSON in and out, as
 * Lambda passes it); an execution that carries on in a fresh one is followed. Answers the last execution's output and
 * how many executions it took; a failed execution throws its error and cause.
 */
export async function runExecutions(
  name: string,
  options: StepOptions,
  step: (payload: StepPayload) => Promise<unknown>,
  { maxConcurrency = LOCAL_MAX_CONCURRENCY }: { maxConcurrency?: number } = {},
): Promise<{ output: StepPayload & { result?: Record<string, unknown> }; executions: number }> {
  const prefix = `arn:aws:states:${LOCAL_REGION}:${LOCAL_ACCOUNT}`;
  const stateMachineArn = `${prefix}:stateMachine:${name}`;
  const declared = operations.find((o) => o.name === name);
  if (!declared) throw new Error(`${name} is no operation of the route table`);
  const definition = operationStateMachine(
    name,
    `arn:aws:lambda:${LOCAL_REGION}:${LOCAL_ACCOUNT}:function:${name}-step`,
    {
      segmented: isSegmented(declared),
      maxConcurrency,
    },
  ) as unknown as StateMachineDefinition;
  let input: unknown = options;
  for (let executions = 1; ; executions++) {
    let carried: unknown;
    const execution = `${name}-${executions}`;
    const { result } = runDefinition(
      definition,
      input,
      { executionArn: `${prefix}:execution:${name}:${execution}`, name: execution, stateMachineArn },
      {
        invoke: async (_arn, payload) =>
          JSON.parse(JSON.stringify(await step(JSON.parse(JSON.stringify(payload)) as StepPayload))),
        startExecution: async (request) => {
          carried = request.Input;
          return { ExecutionArn: `${prefix}:execution:${name}:${execution}-next`, StartDate: Date.now() / 1000 };
        },
      },
    );
    let output: unknown;
    try {
      output = await result;
    } catch (error) {
      const failed = failureOf(error as Error);
      throw Object.assign(new Error(failed.cause), { name: failed.error });
    }
    if (carried === undefined)
      return { output: output as StepPayload & { result?: Record<string, unknown> }, executions };
    input = carried;
  }
}

/** An operation run to its end in this process (runExecutions), each step through the step framework. */
export const runOperation = <S>(
  operation: Operation<S>,
  options: StepOptions,
  settings?: { maxConcurrency?: number },
) => runExecutions(operation.name, options, (payload) => runStep(operation, payload as StepPayload<S>), settings);
