/**
 * Starting an execution of a maintenance operation, for the `/service` routes and the ops CLI alike:
 * its state machine, an execution id `{slug}-{uuid}` (what `executionOf` reads back) and its input.
 */
import { StartExecutionCommand, type SFNClient } from '@aws-sdk/client-sfn';
import { randomUUID } from 'node:crypto';
import { config } from '../config';
import type { OperationDefinition } from '../routes/operations';
import type { StepOptions } from './step';

/** What a step reads from the execution's input (shared/operations/run-step.ts). */
export type StartInput = StepOptions & { dryRun: boolean };

export async function startExecution(
  sfn: SFNClient,
  operation: OperationDefinition,
  { client, facility, inputs, dryRun, segments }: StartInput,
): Promise<{ executionId: string; executionArn: string; startDate: Date }> {
  const stateMachineArn = config.stateMachineArn(operation.name);
  if (!stateMachineArn) throw new Error(`no state machine configured for ${operation.name}`);
  const executionId = `${operation.slug}-${randomUUID()}`;
  const started = await sfn.send(
    new StartExecutionCommand({
      stateMachineArn,
      name: executionId,
      input: JSON.stringify({
        ...(client ? { client } : {}),
        ...(facility ? { facility } : {}),
        ...(inputs && Object.keys(inputs).length ? { inputs } : {}),
        dryRun,
        ...(segments ? { segments } : {}),
      }),
    }),
  );
  return { executionId, executionArn: started.executionArn ?? '', startDate: started.startDate ?? new Date() };
}
