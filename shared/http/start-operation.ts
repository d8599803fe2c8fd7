/**
 * The handler of a `/service/...` route: starts an execution of the operation's state machine and
 * answers its id. `?dryRun=true` asks the operation to change nothing.
 */
import * as v from 'valibot';
import { sfn } from '../clients/sfn';
import { formatTimestamp } from '../domain/time';
import { badRequest } from '../errors';
import { httpHandler } from './handler';
import { notification } from '../i18n/translate';
import { startExecution } from '../operations/start';
import { operationRoutes, operations } from '../routes/operations';
import { issueDetails } from '../schemas/body';
import { exportPrefix } from '../schemas/operation';

export function startHandler(name: string) {
  const operation = operations.find((o) => o.name === name);
  const route = operationRoutes[name];
  if (!operation || !route) throw new Error(`${name} is not a maintenance operation with a route`);
  return httpHandler(route, async (request) => {
    // The middleware has held the query to the route's declaration (the flag, and for importRecords `from`).
    const dryRun = request.query.dryRun === true;
    const from = operation.needsSource ? exportFolderOf(request.query.from) : undefined;
    const client = request.params.clientUuid;
    const started = await startExecution(sfn, operation, { client, from, dryRun });
    const name = started.executionId;
    return {
      body: {
        Operation: operation.name,
        ExecutionId: name,
        ExecutionArn: started.executionArn,
        StartedAt: formatTimestamp(started.startDate),
        DryRun: dryRun,
        Notifications: [
          notification(
            { key: 'operation.started', params: { operation: operation.name, execution: name } },
            request.language,
          ),
        ],
      },
    };
  });
}

/** importRecords' `?from=exports/{client}/{run}/`: the export folder it reads (else 400 naming it). */
function exportFolderOf(from: unknown): string {
  const parsed = v.safeParse(exportPrefix, from);
  if (!parsed.success)
    throw badRequest(issueDetails(parsed.issues).map((d) => ({ ...d, params: { ...d.params, field: 'from' } })));
  return parsed.output;
}
