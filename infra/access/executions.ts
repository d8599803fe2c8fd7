/**
 * What a route's function does with the maintenance operations' executions (the route table's `executions`): a
 * `start` route names its operation's state machine (STATE_MACHINE_ARNS) and may start it (the start routes share one
 * role, which so may start each of theirs); a `read` route reads the executions (status, history) of every
 * operation's state machine.
 */
import { ArnFormat, Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import type { IConstruct } from 'constructs';
import { VARIABLES } from '../../shared/config';
import type { Route } from '../../shared/routes';

/** The state machines a route's function reaches, by operation name (none for a route without `executions`). */
export function machinesOf(route: Route, machines: ReadonlyMap<string, StateMachine>): Map<string, StateMachine> {
  if (!route.executions) return new Map();
  const own = route.executions === 'start' ? [route.operation.replace(/^service\./, '')] : [...machines.keys()];
  const granted = new Map(
    own
      .map((name) => [name, machines.get(name)])
      .filter((entry): entry is [string, StateMachine] => entry[1] !== undefined),
  );
  if (!granted.size) throw new Error(`${route.operation}: no state machine for its executions`);
  return granted;
}

/** The setting that names those machines to a function made in `scope` (STATE_MACHINE_ARNS), or none. */
export function executionsEnvironment(
  scope: IConstruct,
  granted: ReadonlyMap<string, StateMachine>,
): Record<string, string> {
  if (!granted.size) return {};
  const arns = Object.fromEntries([...granted].map(([name, machine]) => [name, machine.stateMachineArn]));
  return { [VARIABLES.stateMachineArns]: Stack.of(scope).toJsonString(arns) };
}

/** Starting the machines of a `start` route, reading the executions of every machine for a `read` route. */
export function grantExecutions(
  fn: IFunction,
  executions: Route['executions'],
  granted: ReadonlyMap<string, StateMachine>,
): void {
  if (executions === 'start') {
    for (const machine of granted.values()) machine.grantStartExecution(fn);
    return;
  }
  if (executions !== 'read') return;
  // An execution's ARN is its machine's, with `execution` and the execution's name: known only once started.
  const executionArns = [...granted.values()].map((machine) =>
    Stack.of(fn).formatArn({
      service: 'states',
      resource: 'execution',
      resourceName: `${machine.stateMachineName}:*`,
      arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    }),
  );
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: ['states:DescribeExecution', 'states:GetExecutionHistory'],
      resources: executionArns,
    }),
  );
}
