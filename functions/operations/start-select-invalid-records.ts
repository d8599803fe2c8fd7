import { startHandler } from '../../shared/http/start-operation';

/** GET /service/select-invalid-records: starts the operation's state machine. */
export const handler = startHandler('selectInvalidRecords');
