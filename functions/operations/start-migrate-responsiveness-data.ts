import { startHandler } from '../../shared/http/start-operation';

/** GET /service/migrate-responsiveness-data: starts the operation's state machine. */
export const handler = startHandler('migrateResponsivenessData');
