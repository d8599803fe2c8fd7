import { db } from '../../shared/clients/dynamodb';
import { config } from '../../shared/config';
import { stepHandler } from '../../shared/operations/step-handler';
import { regenerateSequenceMemory } from '../../shared/operations/regenerate-sequence-memory';

/** One step of regenerateSequenceMemory. */
export const handler = stepHandler(regenerateSequenceMemory(db, config.tableName));
