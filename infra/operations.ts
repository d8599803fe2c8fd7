/**
 * The maintenance operations of a stage: a step function per operation, looped by its state machine,
 * whose definition (retries, failure state, the Map of a whole-table operation's segments, the fresh execution that
 * carries on) is shared/operations/machine.ts, as the local runtime runs it. Both are in the resource group of the
 * step's folder (infra/groups.ts), logging to the group's log group.
 */
import { ArnFormat, Duration, Stack } from 'aws-cdk-lib';
import { Policy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { DefinitionBody, LogLevel, StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { MAP_RUN_LABEL, operationStateMachine, STEP_TIMEOUT_SECONDS } from '../shared/operations/machine';
import { isSegmented, operations } from '../shared/routes/operations';
import { accessLevel } from './access/levels';
import { constructIdOf } from './construct-names';
import type { ServiceFunction } from './function';
import type { FunctionGroupProps } from './groups';

export class Operations extends Construct {
  /** By operation name (`regenerateSequenceMemory`). */
  readonly stateMachines: ReadonlyMap<string, StateMachine>;
  readonly stepFunctions: ReadonlyMap<string, ServiceFunction>;

  constructor(scope: Construct, id: string, { stage, config, environment, groups }: FunctionGroupProps) {
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
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a CloudFormation definition substitution, filled below
      const definition = operationStateMachine(op.name, '${StepFunctionArn}', {
        segmented: isSegmented(op),
        maxConcurrency: config.maintenanceConcurrency,
      });
      const machine = new StateMachine(group, constructIdOf(`${op.name}Machine`), {
        definitionBody: DefinitionBody.fromString(JSON.stringify(definition)),
        definitionSubstitutions: { StepFunctionArn: fn.functionArn },
        role: group.stateMachineRole(),
        logs: { destination: group.logGroup, level: LogLevel.ALL, includeExecutionData: true },
        tracingEnabled: true,
      });
      // The function its Task names, by its exact ARN (on the role the group's state machines share).
      machine.addToRolePolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [fn.functionArn] }));
      this.grantExecutions(machine, isSegmented(op));
      steps.set(op.name, fn);
      machines.set(op.name, machine);
    }
    this.stateMachines = machines;
    this.stepFunctions = steps;
  }

  /**
   * What a machine does with executions of its own: start one (the fresh execution that carries on; a Distributed
   * Map's child executions), and for a segmented one describe, stop and redrive its Map Run's children, named
   * `{machine}/{label}:{id}` (https://docs.aws.amazon.com/step-functions/latest/dg/iam-policies-eg-dist-map.html,
   * .../redrive-map-run.html). A policy of its own: the machine's ARN in the role's default policy would make the
   * machine depend on itself.
   */
  private grantExecutions(machine: StateMachine, segmented: boolean): void {
    const children = (label: string) =>
      Stack.of(machine).formatArn({
        service: 'states',
        resource: 'execution',
        resourceName: `${machine.stateMachineName}/${label}`,
        arnFormat: ArnFormat.COLON_RESOURCE_NAME,
      });
    const statements = [
      new PolicyStatement({ actions: ['states:StartExecution'], resources: [machine.stateMachineArn] }),
      ...(segmented
        ? [
            new PolicyStatement({
              actions: ['states:DescribeExecution', 'states:StopExecution'],
              resources: [children('*')],
            }),
            new PolicyStatement({ actions: ['states:RedriveExecution'], resources: [children(`${MAP_RUN_LABEL}:*`)] }),
          ]
        : []),
    ];
    machine.role.attachInlinePolicy(new Policy(machine, 'ExecutionsPolicy', { statements }));
  }
}
