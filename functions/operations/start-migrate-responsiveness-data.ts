import { startHandler } from '../../shared/operations/start';

/** GET /service/migrate-responsiveness-data: starts the operation's state machine. */
export const handler = startHandler('migrateResponsivenessData');
