import { startHandler } from '../../shared/operations/start';

/** GET /service/regenerate-sequence-memory: starts the operation's state machine. */
export const handler = startHandler('regenerateSequenceMemory');
