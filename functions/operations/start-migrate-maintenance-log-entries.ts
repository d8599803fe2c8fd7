import { startHandler } from '../../shared/http/start-operation';

/** GET /service/migrate-maintenance-log-entries: starts the operation's state machine. */
export const handler = startHandler('migrateMaintenanceLogEntries');
