import { startHandler } from '../../shared/operations/start';

/** GET /service/migrate-probe-identifier: starts the operation's state machine. */
export const handler = startHandler('migrateProbeIdentifier');
