/** Wiring shared by the container functions: the service over the request's tenant session (shared/http/tenant.ts). */
import { tenantDocumentClient } from '../../shared/clients/dynamodb';
import { config } from '../../shared/config';
import { dynamoContainerStore } from '../../shared/data/containers';
import { perTenant } from '../../shared/http/tenant';
import { containerService } from '../../shared/services/containers';

export const containers = perTenant((session) =>
  containerService(dynamoContainerStore(tenantDocumentClient(session), config.tableName)),
);
