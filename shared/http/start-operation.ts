/**
 * The handler of a `/service/...` route: starts an execution of the operation's state machine and
 * answers its id. `?dryRun=true` asks the operations that support it to change nothing.
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
import { operationQuery } from '../schemas/operation';

export function startHandler(name: string) {
  const operation = operations.find((o) => o.name === name);
  const route = operationRoutes[name];
  if (!operation || !route) throw new Error(`${name} is not a maintenance operation with a route`);
  // The query the route documents (shared/openapi/routes-meta.ts): the flags, and for importRecords the export it
  // reads, `?from=exports/{client}/{run}/`.
  const querySchema = v.object(operationQuery(operation.needsSource ?? false));
  return httpHandler(route, async (request) => {
    const parsed = v.safeParse(querySchema, request.event.queryStringParameters ?? {});
    if (!parsed.success) throw badRequest(issueDetails(parsed.issues));
    const query = parsed.output as { dryRun?: boolean; 'dry-run'?: boolean; from?: string };
    const dryRun = query.dryRun ?? query['dry-run'] ?? false;
    const client = request.params.clientUuid;
    const from = query.from;
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
