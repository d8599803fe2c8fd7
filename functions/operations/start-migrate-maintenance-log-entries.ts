import { startHandler } from '../../shared/operations/start';
import { operationRoutes, operations } from '../../shared/routes/operations';

/** GET /service/migrate-maintenance-log-entries: starts the operation's state machine. */
export const handler = startHandler(operationRoutes.migrateMaintenanceLogEntries!, operations.find((o) => o.name === 'migrateMaintenanceLogEntries')!);
