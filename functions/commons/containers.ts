/** Wiring shared by the functions: the stores over the shared clients (built once, at cold start). */
import { db } from '../../shared/clients/dynamodb';
import { config } from '../../shared/config';
import { dynamoContainerStore } from '../../shared/data/containers';
import { containerService } from '../../shared/services/containers';

export const containers = containerService(dynamoContainerStore(db, config.tableName));
