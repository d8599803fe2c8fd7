import { startHandler } from '../../shared/operations/start';

/** GET /service/import-records/{clientUuid}: starts the operation's state machine. */
export const handler = startHandler('importRecords');
