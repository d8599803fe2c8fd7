import { startHandler } from '../../shared/operations/start';
import { operationRoutes, operations } from '../../shared/routes/operations';

/** GET /service/migrate-probe-identifier: starts the operation's state machine. */
export const handler = startHandler(operationRoutes.migrateProbeIdentifier!, operations.find((o) => o.name === 'migrateProbeIdentifier')!);
