import { startHandler } from '../../shared/operations/start';

/** GET /service/migrate-maintenance-log-entries: starts the operation's state machine. */
export const handler = startHandler('migrateMaintenanceLogEntries');
