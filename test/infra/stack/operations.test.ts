/**
 * The maintenance operations of each stage (infra/operations.ts): each operation's state machine and step function,
 * what a machine may start, and which routes start or read their executions.
 */
import { describe, expect, it } from 'vitest';
import { stageConfig } from '../../../infra/stages';
import { MAP_RUN_LABEL, operationStateMachine } from '../../../shared/operations/machine';
import { routes } from '../../../shared/routes';
import { isSegmented, operations } from '../../../shared/routes/operations';
import { STAGES } from '../../../infra/stages';
import { attachedStatements, ownStatements, type Resource, type Statement, stageOf } from '../support/stack';

describe.each(STAGES)('operations (%s)', (stage) => {
  const { stack, template, idOf, routeFnIds, stepFnIds, functions, roleIdOf } = stageOf(stage);

  it(
    "deploys each operation's one state machine definition, invoking its own step function, logged and " + 'traced',
    () => {
      const machines = template.findResources('AWS::StepFunctions::StateMachine') as Record<string, Resource>;
      expect(Object.keys(machines)).toHaveLength(operations.length);
      for (const op of operations) {
        const machineId = idOf(stack.stateMachines.get(op.name)!);
        const machine = machines[machineId]!.Properties;
        // The definition the local runtime runs (shared/operations/machine.ts), with the step function's ARN
        // substituted.
        expect(JSON.parse(machine.DefinitionString)).toEqual(
          // biome-ignore lint/suspicious/noTemplateCurlyInString: a CloudFormation definition substitution
          operationStateMachine(op.name, '${StepFunctionArn}', {
            segmented: isSegmented(op),
            maxConcurrency: stageConfig(stage).maintenanceConcurrency,
          }),
        );
        expect(machine.DefinitionSubstitutions).toEqual({
          StepFunctionArn: { 'Fn::GetAtt': [stepFnIds.get(op.name), 'Arn'] },
        });
        expect(machine.TracingConfiguration).toEqual({ Enabled: true });
        expect(machine.LoggingConfiguration).toMatchObject({ Level: 'ALL', IncludeExecutionData: true });
        // The machines of a group share a role: it may invoke their step functions and nothing else.
        const invoke = attachedStatements(template, machine.RoleArn['Fn::GetAtt'][0]).filter((st) =>
          [st.Action].flat().includes('lambda:InvokeFunction'),
        );
        expect(invoke.map((st) => st.Resource)).toContainEqual({ 'Fn::GetAtt': [stepFnIds.get(op.name), 'Arn'] });
        for (const st of invoke)
          expect([...stepFnIds.values()]).toContain((st.Resource as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0]);
      }
    },
  );

  it(
    "lets each machine start an execution of its own (the one that carries on, a Distributed Map's children) and " +
      "a segmented one describe, stop and redrive its Map Run's children: nothing more",
    () => {
      const policies = Object.values(template.findResources('AWS::IAM::Policy')) as Resource[];
      for (const op of operations) {
        const machineId = idOf(stack.stateMachines.get(op.name)!);
        const roleId = idOf(stack.stateMachines.get(op.name)!.role);
        const own = policies.filter(
          (p) =>
            JSON.stringify(p.Properties.Roles).includes(`"${roleId}"`) &&
            JSON.stringify(p.Properties.PolicyDocument).includes(`"${machineId}"`),
        );
        expect(own, op.name).toHaveLength(1);
        const statements = own[0]!.Properties.PolicyDocument.Statement as Statement[];
        const children = (label: string) => ({
          'Fn::Join': [
            '',
            [
              'arn:',
              { Ref: 'AWS::Partition' },
              ':states:',
              { Ref: 'AWS::Region' },
              ':',
              { Ref: 'AWS::AccountId' },
              ':execution:',
              { 'Fn::GetAtt': [machineId, 'Name'] },
              `/${label}`,
            ],
          ],
        });
        expect(statements.map(({ Action, Resource }) => ({ Action, Resource }))).toEqual([
          { Action: 'states:StartExecution', Resource: { Ref: machineId } },
          ...(isSegmented(op)
            ? [
                { Action: ['states:DescribeExecution', 'states:StopExecution'], Resource: children('*') },
                { Action: 'states:RedriveExecution', Resource: children(`${MAP_RUN_LABEL}:*`) },
              ]
            : []),
        ]);
        expect(own[0]!.Properties.Roles).toEqual([{ Ref: roleId }]);
      }
    },
  );

  it("lets the /service routes start the operations' state machines, each naming only its own", () => {
    const machineIds = [...stack.stateMachines.values()].map((machine) => idOf(machine));
    for (const route of routes.filter((r) => r.executions === 'start')) {
      const fnId = routeFnIds.get(route.operation)!;
      const own = route.operation.replace('service.', '');
      const statements = attachedStatements(template, roleIdOf(fnId));
      const start = statements.filter((st) => [st.Action].flat().includes('states:StartExecution'));
      // One role for the start routes (one access level): it may start the operations' machines, no other.
      expect(start.map((st) => st.Resource)).toContainEqual({ Ref: idOf(stack.stateMachines.get(own)!) });
      for (const st of start) expect(machineIds).toContain((st.Resource as { Ref: string }).Ref);
      expect(statements.flatMap((st) => [st.Action].flat()).filter((a: string) => a.startsWith('dynamodb:'))).toEqual(
        [],
      );
      const env = functions[fnId]!.Properties.Environment.Variables as Record<string, unknown>;
      expect(JSON.stringify(env.STATE_MACHINE_ARNS)).toContain(`\\"${own}\\"`);
      for (const other of operations.filter((o) => o.name !== own))
        expect(JSON.stringify(env.STATE_MACHINE_ARNS)).not.toContain(`\\"${other.name}\\"`);
    }
  });

  it('lets the execution status route read the executions of every state machine, and nothing else', () => {
    for (const route of routes.filter((r) => r.executions === 'read')) {
      const statements = ownStatements(template, roleIdOf(routeFnIds.get(route.operation)!));
      expect(statements.flatMap((st) => [st.Action].flat()).sort()).toEqual([
        'states:DescribeExecution',
        'states:GetExecutionHistory',
      ]);
      const resources = JSON.stringify(statements[0]!.Resource);
      for (const op of operations)
        expect(resources).toContain(
          JSON.stringify({ 'Fn::GetAtt': [idOf(stack.stateMachines.get(op.name)!), 'Name'] }),
        );
      expect(resources).toContain(':execution:');
      const env = functions[routeFnIds.get(route.operation)!]!.Properties.Environment.Variables as Record<
        string,
        unknown
      >;
      expect(JSON.stringify(env.STATE_MACHINE_ARNS)).toContain(operations.at(-1)!.name);
    }
  });
});
