import { startHandler } from '../../shared/operations/start';
import { operationRoutes, operations } from '../../shared/routes/operations';

/** GET /service/remove-invalid-records: starts the operation's state machine. */
export const handler = startHandler(operationRoutes.removeInvalidRecords!, operations.find((o) => o.name === 'removeInvalidRecords')!);
