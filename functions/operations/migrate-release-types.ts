import { db } from '../../shared/clients/dynamodb';
import { config } from '../../shared/config';
import { stepHandler } from '../../shared/operations/step-handler';
import { migrateReleaseTypes } from '../../shared/operations/migrations';

/** One step of migrateReleaseTypes. */
export const handler = stepHandler(migrateReleaseTypes(db, config.tableName));
