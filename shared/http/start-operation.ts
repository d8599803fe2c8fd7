import { sfn } from '../clients/sfn';
import { formatTimestamp } from '../domain/time';
import { httpHandler } from './handler';
import { notification } from '../i18n/translate';
import { startExecution } from '../operations/start';
import { isSegmented, type MaintenanceOperationName, operationRoutes, operations } from '../routes/operations';
import { parseQueryText } from '../schemas/body';
import { OPERATION_INPUTS, segmentsQuery } from '../schemas/operation';

export function startHandler(name: MaintenanceOperationName) {
  const operation = operations.find((o) => o.name === name);
  const route = operationRoutes[name];
  if (!operation || !route) throw new Error(`${name} is not a maintenance operation with a route`);
  return httpHandler(route, async (request) => {
    // The middleware has held the query to the route's declaration (the flag, and for importRecords `from`).
    const dryRun = request.query.dryRun === true;
    const inputs = Object.fromEntries(
      Object.keys(operation.inputs ?? {})
        .filter((name) => request.query[name] !== undefined)
        .map((name) => [name, parseQueryText(OPERATION_INPUTS[name]!, request.query, name)]),
    );
    const segments =
      isSegmented(operation) && request.query.segments !== undefined
        ? Number(parseQueryText(segmentsQuery, request.query, 'segments'))
        : undefined;
    const { clientUuid: client, facilityUuid: facility } = request.params;
    const started = await startExecution(sfn, operation, { client, facility, inputs, dryRun, segments });
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
