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
import { EXPORT_PREFIX_PATTERN, operationFlags } from '../schemas/operation';

const flagsSchema = v.object(operationFlags);

export function startHandler(name: string) {
  const operation = operations.find((o) => o.name === name);
  const route = operationRoutes[name];
  if (!operation || !route) throw new Error(`${name} is not a maintenance operation with a route`);
  return httpHandler(route, async (request) => {
    const query = request.event.queryStringParameters ?? {};
    const flags = v.safeParse(flagsSchema, { dryRun: query.dryRun, 'dry-run': query['dry-run'] });
    if (!flags.success) throw badRequest(issueDetails(flags.issues));
    const dryRun = flags.output.dryRun ?? flags.output['dry-run'] ?? false;
    const client = request.params.clientUuid;
    // importRecords reads an export already in the bucket: `?from=exports/{client}/{run}/`.
    const from = query.from;
    if (operation.needsSource && from === undefined)
      throw badRequest([{ key: 'detail.required', params: { field: 'from' } }]);
    if (from !== undefined && !EXPORT_PREFIX_PATTERN.test(from))
      throw badRequest([{ key: 'detail.export_prefix', params: { field: 'from' } }]);
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
