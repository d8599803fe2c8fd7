/**
 * Starting an execution of a maintenance operation, for the `/service` routes and the ops CLI alike:
 * its state machine, an execution id `{slug}-{uuid}` (what `executionOf` reads back) and its input.
 */
import { StartExecutionCommand, type SFNClient } from '@aws-sdk/client-sfn';
import { randomUUID } from 'node:crypto';
import { config } from '../config';
import type { OperationDefinition } from '../routes/operations';

/** What a step reads from the execution's input (shared/operations/step-handler.ts). */
export interface StartInput {
  client?: string;
  /** importRecords: the prefix of the export in the bucket. */
  from?: string;
  dryRun: boolean;
}

export async function startExecution(
  sfn: SFNClient,
  operation: OperationDefinition,
  { client, from, dryRun }: StartInput,
): Promise<{ executionId: string; executionArn: string; startDate: Date }> {
  const stateMachineArn = config.stateMachineArn(operation.name);
  if (!stateMachineArn) throw new Error(`no state machine configured for ${operation.name}`);
  const executionId = `${operation.slug}-${randomUUID()}`;
  const started = await sfn.send(
    new StartExecutionCommand({
      stateMachineArn,
      name: executionId,
      input: JSON.stringify({ ...(client ? { client } : {}), ...(from ? { from } : {}), dryRun }),
    }),
  );
  return { executionId, executionArn: started.executionArn ?? '', startDate: started.startDate ?? new Date() };
}
