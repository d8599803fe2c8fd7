import { startHandler } from '../../shared/operations/start';
import { operationRoutes, operations } from '../../shared/routes/operations';

/** GET /service/export-records/{clientUuid}: starts the operation's state machine. */
export const handler = startHandler(operationRoutes.exportRecords!, operations.find((o) => o.name === 'exportRecords')!);
