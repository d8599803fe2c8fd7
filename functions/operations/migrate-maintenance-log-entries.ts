import { db } from '../../shared/clients/dynamodb';
import { config } from '../../shared/config';
import { stepHandler } from '../../shared/operations/step-handler';
import { migrateMaintenanceLogEntries } from '../../shared/operations/migrations';

/** One step of migrateMaintenanceLogEntries. */
export const handler = stepHandler(migrateMaintenanceLogEntries(db, config.tableName));
