import { startHandler } from '../../shared/operations/start';
import { operationRoutes, operations } from '../../shared/routes/operations';

/** GET /service/select-invalid-records: starts the operation's state machine. */
export const handler = startHandler(operationRoutes.selectInvalidRecords!, operations.find((o) => o.name === 'selectInvalidRecords')!);
