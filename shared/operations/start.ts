/**
 * The handler of a `/service/...` route: starts an execution of the operation's state machine and
 * answers its id. `?dryRun=true` asks the operations that support it to change nothing.
 */
import { StartExecutionCommand } from '@aws-sdk/client-sfn';
import { randomUUID } from 'node:crypto';
import { sfn } from '../clients/sfn';
import { config } from '../config';
import { formatTimestamp } from '../domain/time';
import { badRequest } from '../errors';
import { httpHandler } from '../http/handler';
import { operationRoutes, operations } from '../routes/operations';

export function startHandler(name: string) {
  const operation = operations.find((o) => o.name === name);
  const route = operationRoutes[name];
  if (!operation || !route) throw new Error(`${name} is not a maintenance operation with a route`);
  return httpHandler(route, async (request) => {
    const query = request.event.queryStringParameters ?? {};
    const dryRun = query.dryRun === 'true' || query['dry-run'] === 'true';
    const client = request.params.clientUuid;
    // importRecords reads an export already in the bucket: `?from=exports/{client}/{run}/`.
    const from = query.from;
    if (operation.needsSource && from === undefined) throw badRequest([{ key: 'detail.required', params: { field: 'from' } }]);
    if (from !== undefined && !/^[A-Za-z0-9/_.-]+\/$/.test(from)) throw badRequest([{ key: 'detail.export_prefix', params: { field: 'from' } }]);
    const stateMachineArn = config.stateMachineArn(operation.name);
    if (!stateMachineArn) throw new Error(`no state machine configured for ${operation.name}`);
    const name = `${operation.slug}-${randomUUID()}`;
    const started = await sfn.send(new StartExecutionCommand({ stateMachineArn, name, input: JSON.stringify({ ...(client ? { client } : {}), ...(from ? { from } : {}), dryRun }) }));
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
