import { startHandler } from '../../shared/operations/start';
import { operationRoutes, operations } from '../../shared/routes/operations';

/** GET /service/import-records/{clientUuid}: starts the operation's state machine. */
export const handler = startHandler(operationRoutes.importRecords!, operations.find((o) => o.name === 'importRecords')!);
