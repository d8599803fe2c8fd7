import { db } from '../../shared/clients/dynamodb';
import { config } from '../../shared/config';
import { stepHandler } from '../../shared/operations/step-handler';
import { migrateProbeIdentifier } from '../../shared/operations/migrations';

/** One step of migrateProbeIdentifier. */
export const handler = stepHandler(migrateProbeIdentifier(db, config.tableName));
