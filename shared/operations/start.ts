/**
 * The handler of a `/service/...` route: starts an execution of the operation's state machine and
 * answers its id. `?dryRun=true` asks the operations that support it to change nothing.
 */
import { StartExecutionCommand } from '@aws-sdk/client-sfn';
import { randomUUID } from 'node:crypto';
import { sfn } from '../clients/sfn';
import { config } from '../config';
import { formatTimestamp } from '../domain/time';
import { httpHandler } from '../http/handler';
import type { OperationDefinition } from '../routes/operations';
import type { Route } from '../routes/types';

export function startHandler(route: Route, operation: OperationDefinition) {
  return httpHandler(route, async (request) => {
    const query = request.event.queryStringParameters ?? {};
    const dryRun = query.dryRun === 'true' || query['dry-run'] === 'true';
    const client = request.params.clientUuid;
    const stateMachineArn = config.stateMachineArn(operation.name);
    if (!stateMachineArn) throw new Error(`no state machine configured for ${operation.name}`);
    const name = `${operation.slug}-${randomUUID()}`;
    const started = await sfn.send(new StartExecutionCommand({ stateMachineArn, name, input: JSON.stringify({ ...(client ? { client } : {}), dryRun }) }));
    return {
      body: {
        Operation: operation.name,
        ExecutionId: name,
        ExecutionArn: started.executionArn,
        StartedAt: formatTimestamp(started.startDate ?? new Date()),
        DryRun: dryRun,
      },
    };
  });
}
