import { startHandler } from '../../shared/operations/start';
import { operationRoutes, operations } from '../../shared/routes/operations';

/** GET /service/regenerate-sequence-memory: starts the operation's state machine. */
export const handler = startHandler(operationRoutes.regenerateSequenceMemory!, operations.find((o) => o.name === 'regenerateSequenceMemory')!);
