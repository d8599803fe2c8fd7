import { startHandler } from '../../shared/operations/start';

/** GET /service/remove-invalid-records: starts the operation's state machine. */
export const handler = startHandler('removeInvalidRecords');
