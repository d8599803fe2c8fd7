import { startHandler } from '../../shared/operations/start';
import { operationRoutes, operations } from '../../shared/routes/operations';

/** GET /service/migrate-responsiveness-data: starts the operation's state machine. */
export const handler = startHandler(operationRoutes.migrateResponsivenessData!, operations.find((o) => o.name === 'migrateResponsivenessData')!);
