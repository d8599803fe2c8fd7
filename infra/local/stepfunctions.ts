/**
 * A minimal Step Functions endpoint for the local runtime, as DynamoDB Local and s3rver are for their
 * services: the SDK's Step Functions client (AWS JSON 1.0: StartExecution, DescribeExecution) talks
 * to it, and it runs the one state-machine shape the stack deploys for every maintenance operation:
 * invoke the step function, retry throttling with backoff, loop until `done`, else fail keeping the
 * last state (DescribeExecution's output).
 */
import { MAX_ATTEMPTS, RETRYABLE_ERRORS } from '../../shared/retry';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { implementedOperations } from '../../shared/routes/operations';
import { logger } from '../../shared/observability';
import { stateMachineArnOf } from './environment';
import { lambdaContext, loadHandler } from './lambda';

// The errors the stack's state machines retry (shared/retry.ts).
const RETRYABLE = new Set<string>(RETRYABLE_ERRORS);

interface Execution {
  executionArn: string;
  stateMachineArn: string;
  name: string;
  status: 'RUNNING' | 'SUCCEEDED' | 'FAILED';
  startDate: number;
  stopDate?: number;
  input: string;
  output?: string;
  error?: string;
  cause?: string;
}

async function run(execution: Execution, entry: string, operation: string): Promise<void> {
  const step = await loadHandler<Record<string, unknown>, Record<string, unknown> & { done?: boolean }>(entry);
  let payload = JSON.parse(execution.input) as Record<string, unknown>;
  try {
    for (;;) {
      let attempt = 0;
      for (;;) {
        try {
          payload = await step(payload, lambdaContext(operation));
          break;
        } catch (error) {
          if (!RETRYABLE.has((error as Error).name) || ++attempt >= MAX_ATTEMPTS) throw error;
          await new Promise((r) => setTimeout(r, 200 * 2 ** attempt));
        }
      }
      execution.output = JSON.stringify(payload);
      if (payload.done) break;
    }
    execution.status = 'SUCCEEDED';
  } catch (error) {
    execution.status = 'FAILED';
    execution.error = (error as Error).name;
    execution.cause = (error as Error).message;
    logger.error('local execution failed', { execution: execution.name, error: error as Error });
  }
  execution.stopDate = Date.now() / 1000;
}

export function createStepFunctionsEndpoint(): http.Server {
  const executions = new Map<string, Execution>();
  const machines = new Map(implementedOperations.map((o) => [stateMachineArnOf(o.name), o]));
  const reply = (res: http.ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' }).end(JSON.stringify(body));

  return http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, string>;
    const action = String(req.headers['x-amz-target'] ?? '').replace('AWSStepFunctions.', '');
    if (action === 'StartExecution') {
      const machine = machines.get(body.stateMachineArn ?? '');
      if (!machine) return reply(res, 400, { __type: 'StateMachineDoesNotExist', message: `no state machine ${body.stateMachineArn}` });
      const name = body.name ?? randomUUID();
      const execution: Execution = {
        executionArn: `${body.stateMachineArn!.replace(':stateMachine:', ':execution:')}:${name}`,
        stateMachineArn: body.stateMachineArn!,
        name,
        status: 'RUNNING',
        startDate: Date.now() / 1000,
        input: body.input ?? '{}',
      };
      executions.set(execution.executionArn, execution);
      void run(execution, machine.step.entry, machine.name);
      return reply(res, 200, { executionArn: execution.executionArn, startDate: execution.startDate });
    }
    if (action === 'DescribeExecution') {
      const execution = executions.get(body.executionArn ?? '');
      if (!execution) return reply(res, 400, { __type: 'ExecutionDoesNotExist', message: `no execution ${body.executionArn}` });
      return reply(res, 200, execution);
    }
    return reply(res, 400, { __type: 'UnknownOperationException', message: `not supported locally: ${action}` });
  });
}
