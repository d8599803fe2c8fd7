/**
 * The maintenance operations of a stage: a step function per operation, looped by its state machine,
 * whose definition (retries, failure state) is shared/operations/machine.ts, as the local runtime runs it.
 * Both are in the resource group of the step's folder (infra/groups.ts), logging to the group's log group.
 */
import { Duration } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { DefinitionBody, LogLevel, StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { operationStateMachine, STEP_TIMEOUT_SECONDS } from '../shared/operations/machine';
import { operations } from '../shared/routes/operations';
import { accessLevel, constructIdOf } from './access';
import type { FunctionGroupProps, ServiceFunction } from './function';

export class Operations extends Construct {
  /** By operation name (`regenerateSequenceMemory`). */
  readonly stateMachines: ReadonlyMap<string, StateMachine>;
  readonly stepFunctions: ReadonlyMap<string, ServiceFunction>;

  constructor(scope: Construct, id: string, { stage, environment, groups }: FunctionGroupProps) {
    super(scope, id);
    const machines = new Map<string, StateMachine>();
    const steps = new Map<string, ServiceFunction>();
    for (const op of operations) {
      // The step, its state machine and the machine's log lines are in the group of the step's folder.
      const group = groups.of(op.step.entry);
      const access = accessLevel(op.step, 'step');
      const fn = group.add(constructIdOf(`${op.name}Step`), {
        access,
        entry: op.step.entry,
        description: `nm-archive ${stage}: ${op.name} step`,
        environment,
        timeout: Duration.seconds(STEP_TIMEOUT_SECONDS),
      });
      const machine = new StateMachine(group, constructIdOf(`${op.name}Machine`), {
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a CloudFormation definition substitution, filled below
        definitionBody: DefinitionBody.fromString(JSON.stringify(operationStateMachine(op.name, '${StepFunctionArn}'))),
        definitionSubstitutions: { StepFunctionArn: fn.functionArn },
        role: group.stateMachineRole(),
        logs: { destination: group.logGroup, level: LogLevel.ALL, includeExecutionData: true },
        tracingEnabled: true,
      });
      // The function its Task names, by its exact ARN (on the role the group's state machines share).
      machine.addToRolePolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [fn.functionArn] }));
      steps.set(op.name, fn);
      machines.set(op.name, machine);
    }
    this.stateMachines = machines;
    this.stepFunctions = steps;
  }
}
