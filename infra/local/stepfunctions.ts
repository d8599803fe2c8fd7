/**
 * The local Step Functions endpoint, as DynamoDB Local and s3rver are for their services: the SDK's
 * Step Functions client (AWS JSON 1.0) starts and reads executions here (StartExecution,
 * DescribeExecution, GetExecutionHistory, ListExecutions). Each execution runs the operation's own state machine
 * definition (shared/operations/machine.ts, the one the stack deploys) in an ASL interpreter
 * (infra/local/executions.ts); its Lambda tasks are bound to the local step handlers by function ARN, and the Task
 * that carries on in a fresh execution starts one here. Retries, their intervals and the failure state are the
 * definition's; nothing here decides them.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { StateMachineDefinition } from 'aws-local-stepfunctions';
import { operationStateMachine, STEP_TIMEOUT_SECONDS } from '../../shared/operations/machine';
import { isSegmented, operations } from '../../shared/routes/operations';
import { logger } from '../../shared/observability';
import { stateMachineArnOf, stepFunctionArnOf } from './environment';
import {
  failureOf,
  type InvokeFunction,
  LOCAL_MAX_CONCURRENCY,
  runDefinition,
  type StartExecution,
} from './executions';
import { FunctionCrashed } from './faults';
import { invoked, lambdaContext, loadHandler, localStepName } from './lambda';

export type { InvokeFunction } from './executions';

/** A history event as GetExecutionHistory answers it (the members the service reads). */
interface HistoryEvent {
  id: number;
  previousEventId: number;
  timestamp: number;
  type: string;
  [details: string]: unknown;
}

interface Execution {
  executionArn: string;
  stateMachineArn: string;
  name: string;
  status: 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'TIMED_OUT' | 'ABORTED';
  startDate: number;
  stopDate?: number;
  input: string;
  output?: string;
  error?: string;
  cause?: string;
  events: HistoryEvent[];
}

/** The step handlers of the route table's operations, by the function ARN their state machine names. */
const localStepFunctions: InvokeFunction = async (functionArn, payload) => {
  const operation = operations.find((o) => stepFunctionArnOf(o.name) === functionArn);
  if (!operation)
    throw Object.assign(new Error(`Function not found: ${functionArn}`), { name: 'Lambda.ResourceNotFoundException' });
  const step = await loadHandler<unknown, unknown>(operation.step.entry);
  // A Lambda payload goes over the wire as JSON, both ways.
  const answer = await invoked(`step:${operation.name}`, () =>
    step(
      JSON.parse(JSON.stringify(payload ?? {})),
      lambdaContext(localStepName(operation.name), STEP_TIMEOUT_SECONDS * 1000),
    ),
  ).catch((error: unknown) => {
    // A function whose process stopped (out of memory, a timeout, a crash) is Lambda.Unknown to Step Functions.
    if (error instanceof FunctionCrashed) throw Object.assign(new Error(error.message), { name: 'Lambda.Unknown' });
    throw error;
  });
  return JSON.parse(JSON.stringify(answer)) as unknown;
};

/** Every operation's state machine, by ARN, as the local runtime serves them. */
export const localStateMachines = (): Map<string, StateMachineDefinition> =>
  new Map(
    operations.map((o) => [
      stateMachineArnOf(o.name),
      operationStateMachine(o.name, stepFunctionArnOf(o.name), {
        segmented: isSegmented(o),
        maxConcurrency: LOCAL_MAX_CONCURRENCY,
      }) as unknown as StateMachineDefinition,
    ]),
  );

const seconds = (ms: number) => ms / 1000;
const json = (value: unknown) => JSON.stringify(value ?? null);

/** Runs the definition in the interpreter, recording the history the way Step Functions reports it. */
function run(
  execution: Execution,
  definition: StateMachineDefinition,
  invoke: InvokeFunction,
  startExecution: StartExecution,
): void {
  const states = definition.States as Record<string, { Type: string; Resource?: string }>;
  const { result, eventLogs } = runDefinition(
    definition,
    JSON.parse(execution.input),
    { executionArn: execution.executionArn, name: execution.name, stateMachineArn: execution.stateMachineArn },
    { invoke, startExecution },
  );
  const record = (type: string, timestamp: number, details: Record<string, unknown> = {}) => {
    const id = execution.events.length + 1;
    execution.events.push({ id, previousEventId: id - 1, timestamp: seconds(timestamp), type, ...details });
  };
  void (async () => {
    for await (const event of eventLogs) {
      switch (event.type) {
        case 'ExecutionStarted':
          record('ExecutionStarted', event.timestamp, { executionStartedEventDetails: { input: json(event.input) } });
          break;
        case 'StateEntered':
          record(`${event.state.type}StateEntered`, event.timestamp, {
            stateEnteredEventDetails: { name: event.state.name, input: json(event.state.input) },
          });
          break;
        case 'StateExited':
          record(`${event.state.type}StateExited`, event.timestamp, {
            stateExitedEventDetails: { name: event.state.name, output: json(event.state.output) },
          });
          break;
        case 'StateFailed':
          if (event.state.type === 'Task')
            record('LambdaFunctionFailed', event.timestamp, {
              lambdaFunctionFailedEventDetails: { error: event.Error, cause: String(event.Cause ?? '') },
            });
          break;
        case 'StateRetried':
          record('LambdaFunctionScheduled', event.timestamp, {
            lambdaFunctionScheduledEventDetails: {
              resource: states[event.state.name]?.Resource,
              input: json(event.state.input),
            },
          });
          break;
        case 'ExecutionSucceeded':
          record('ExecutionSucceeded', event.timestamp, {
            executionSucceededEventDetails: { output: json(event.output) },
          });
          break;
        case 'ExecutionFailed':
          record('ExecutionFailed', event.timestamp, {
            executionFailedEventDetails: { error: event.Error, cause: String(event.Cause ?? '') },
          });
          break;
        case 'ExecutionTimeout':
          record('ExecutionTimedOut', event.timestamp);
          break;
        case 'ExecutionAborted':
          record('ExecutionAborted', event.timestamp);
          break;
      }
    }
  })();
  result
    .then(
      (output) => {
        execution.status = 'SUCCEEDED';
        execution.output = json(output);
      },
      (error: Error) => {
        const failed = failureOf(error);
        execution.status =
          error.name === 'ExecutionTimeoutError'
            ? 'TIMED_OUT'
            : error.name === 'ExecutionAbortedError'
              ? 'ABORTED'
              : 'FAILED';
        execution.error = execution.status === 'TIMED_OUT' ? 'States.Timeout' : failed.error;
        execution.cause = failed.cause;
        logger.warn('local execution ended without success', {
          execution: execution.name,
          status: execution.status,
          error: execution.error,
        });
      },
    )
    .finally(() => {
      execution.stopDate = seconds(Date.now());
    });
}

export interface StepFunctionsEndpointOptions {
  /** The state machines served, by ARN (default: every operation's). */
  machines?: Map<string, StateMachineDefinition>;
  /** How a Task reaches its Lambda function (default: the local step handlers). */
  invoke?: InvokeFunction;
}

export function createStepFunctionsEndpoint({
  machines = localStateMachines(),
  invoke = localStepFunctions,
}: StepFunctionsEndpointOptions = {}): http.Server {
  const executions = new Map<string, Execution>();
  const reply = (res: http.ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' }).end(JSON.stringify(body));
  const notFound = (res: http.ServerResponse, arn: string | undefined) =>
    reply(res, 400, { __type: 'ExecutionDoesNotExist', message: `Execution Does Not Exist: '${arn}'` });

  /** Starts an execution (the API's StartExecution, and a state machine's carry-on Task): it, or what refused it. */
  function start(
    stateMachineArn: string,
    name: string,
    input: string,
  ): Execution | { __type: string; message: string } {
    const definition = machines.get(stateMachineArn);
    if (!definition)
      return { __type: 'StateMachineDoesNotExist', message: `State Machine Does Not Exist: '${stateMachineArn}'` };
    const executionArn = `${stateMachineArn.replace(':stateMachine:', ':execution:')}:${name}`;
    if (executions.has(executionArn))
      return { __type: 'ExecutionAlreadyExists', message: `Execution Already Exists: '${executionArn}'` };
    const execution: Execution = {
      executionArn,
      stateMachineArn,
      name,
      status: 'RUNNING',
      startDate: seconds(Date.now()),
      input,
      events: [],
    };
    executions.set(executionArn, execution);
    run(execution, definition, invoke, carryOn);
    return execution;
  }
  const carryOn: StartExecution = async ({ StateMachineArn, Input }) => {
    const started = start(StateMachineArn, randomUUID(), JSON.stringify(Input));
    if (!('executionArn' in started)) throw Object.assign(new Error(started.message), { name: started.__type });
    return { ExecutionArn: started.executionArn, StartDate: started.startDate };
  };

  return http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, unknown>;
    const action = String(req.headers['x-amz-target'] ?? '').replace('AWSStepFunctions.', '');
    switch (action) {
      case 'StartExecution': {
        const name = typeof body.name === 'string' ? body.name : randomUUID();
        const started = start(
          String(body.stateMachineArn ?? ''),
          name,
          typeof body.input === 'string' ? body.input : '{}',
        );
        if (!('executionArn' in started)) return reply(res, 400, started);
        return reply(res, 200, { executionArn: started.executionArn, startDate: started.startDate });
      }
      case 'DescribeExecution': {
        const execution = executions.get(String(body.executionArn ?? ''));
        if (!execution) return notFound(res, body.executionArn as string | undefined);
        const { events: _events, ...described } = execution;
        return reply(res, 200, described);
      }
      case 'GetExecutionHistory': {
        const execution = executions.get(String(body.executionArn ?? ''));
        if (!execution) return notFound(res, body.executionArn as string | undefined);
        const ordered = body.reverseOrder === true ? [...execution.events].reverse() : execution.events;
        const from = Number(body.nextToken ?? 0);
        const size = Number(body.maxResults ?? 100) || 100;
        const page = ordered.slice(from, from + size);
        return reply(res, 200, {
          events: page,
          ...(from + size < ordered.length ? { nextToken: String(from + size) } : {}),
        });
      }
      case 'ListExecutions': {
        // Newest first, as AWS lists them; no function calls it (the tests see what was started).
        const listed = [...executions.values()]
          .filter((e) => e.stateMachineArn === body.stateMachineArn)
          .reverse()
          .map(({ executionArn, stateMachineArn, name, status, startDate, stopDate }) => ({
            executionArn,
            stateMachineArn,
            name,
            status,
            startDate,
            ...(stopDate ? { stopDate } : {}),
          }));
        return reply(res, 200, { executions: listed });
      }
      default:
        return reply(res, 400, { __type: 'UnknownOperationException', message: `not supported locally: ${action}` });
    }
  });
}
