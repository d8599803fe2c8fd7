import { startHandler } from '../../shared/http/start-operation';

/** GET /service/remove-invalid-records: starts the operation's state machine. */
export const handler = startHandler('removeInvalidRecords');
