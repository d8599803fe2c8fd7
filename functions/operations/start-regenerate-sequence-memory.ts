import { startHandler } from '../../shared/http/start-operation';

/** GET /service/regenerate-sequence-memory: starts the operation's state machine. */
export const handler = startHandler('regenerateSequenceMemory');
