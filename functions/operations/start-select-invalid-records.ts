import { startHandler } from '../../shared/operations/start';

/** GET /service/select-invalid-records: starts the operation's state machine. */
export const handler = startHandler('selectInvalidRecords');
