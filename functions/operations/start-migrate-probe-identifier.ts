import { startHandler } from '../../shared/http/start-operation';

/** GET /service/migrate-probe-identifier: starts the operation's state machine. */
export const handler = startHandler('migrateProbeIdentifier');
