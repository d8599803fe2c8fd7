/** Wiring shared by the container functions: the service over the request's tenant session (shared/http/tenant.ts). */
import { tenantDocumentClient } from '../../shared/clients/dynamodb';
import { config } from '../../shared/config';
import { dynamoContainerStore } from '../../shared/data/containers';
import { dynamoMeasurementReader, dynamoNoticeReader } from '../../shared/data/release-sources';
import { perTenant } from '../../shared/http/tenant';
import { containerService } from '../../shared/services/containers';

export const containers = perTenant((session) => {
  const db = tenantDocumentClient(session);
  return containerService(dynamoContainerStore(db, config.tableName), {
    measurements: dynamoMeasurementReader(db, config.tableName),
    notices: dynamoNoticeReader(db, config.tableName),
  });
});
