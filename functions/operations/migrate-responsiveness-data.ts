import { db } from '../../shared/clients/dynamodb';
import { config } from '../../shared/config';
import { stepHandler } from '../../shared/operations/step-handler';
import { migrateResponsivenessData } from '../../shared/operations/migrations';

/** One step of migrateResponsivenessData. */
export const handler = stepHandler(migrateResponsivenessData(db, config.tableName));
