/**
 * The maintenance operations of a stage: a step function per operation, looped by its state machine,
 * whose definition (retries, failure state) is shared/operations/machine.ts, as the local runtime runs it.
 */
import { Duration } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { DefinitionBody, LogLevel, StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { operationStateMachine, STEP_TIMEOUT_SECONDS } from '../shared/operations/machine';
import { operations } from '../shared/routes/operations';
import { constructIdOf, grantData } from './access';
import { type FunctionGroupProps, ServiceFunction } from './function';

export class Operations extends Construct {
  /** By operation name (`regenerateSequenceMemory`). */
  readonly stateMachines: ReadonlyMap<string, StateMachine>;
  readonly stepFunctions: ReadonlyMap<string, ServiceFunction>;

  constructor(scope: Construct, id: string, { stage, config, storage, environment }: FunctionGroupProps) {
    super(scope, id);
    const machines = new Map<string, StateMachine>();
    const steps = new Map<string, ServiceFunction>();
    for (const op of operations) {
      const fn = new ServiceFunction(this, constructIdOf(`${op.name}Step`), {
        entry: op.step.entry,
        stageName: stage,
        config,
        description: `nm-archive ${stage}: ${op.name} step`,
        environment,
        timeout: Duration.seconds(STEP_TIMEOUT_SECONDS),
      });
      grantData(fn, storage, op.step, { step: true });
      const machine = new StateMachine(this, constructIdOf(`${op.name}Machine`), {
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a CloudFormation definition substitution, filled below
        definitionBody: DefinitionBody.fromString(JSON.stringify(operationStateMachine(op.name, '${StepFunctionArn}'))),
        definitionSubstitutions: { StepFunctionArn: fn.functionArn },
        logs: {
          destination: new LogGroup(this, constructIdOf(`${op.name}MachineLogs`), {
            retention: config.logRetention,
            removalPolicy: config.removalPolicy,
          }),
          level: LogLevel.ALL,
          includeExecutionData: true,
        },
        tracingEnabled: true,
      });
      // The one function its Task names, by its exact ARN.
      machine.addToRolePolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [fn.functionArn] }));
      steps.set(op.name, fn);
      machines.set(op.name, machine);
    }
    this.stateMachines = machines;
    this.stepFunctions = steps;
  }
}
