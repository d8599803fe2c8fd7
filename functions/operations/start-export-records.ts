import { startHandler } from '../../shared/operations/start';

/** GET /service/export-records/{clientUuid}: starts the operation's state machine. */
export const handler = startHandler('exportRecords');
