import { startHandler } from '../../shared/http/start-operation';

/** GET /service/export-records/{clientUuid}: starts the operation's state machine. */
export const handler = startHandler('exportRecords');
