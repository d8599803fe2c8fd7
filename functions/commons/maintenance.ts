/** Wiring of the maintenance log functions: the store over the shared DynamoDB client. */
import { db } from '../../shared/clients/dynamodb';
import { config } from '../../shared/config';
import { dynamoMaintenanceStore } from '../../shared/data/maintenance';
import { maintenanceService } from '../../shared/services/maintenance';

export const maintenanceLog = maintenanceService(dynamoMaintenanceStore(db, config.tableName), config.pageSize);
