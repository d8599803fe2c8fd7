/**
 * Wiring of the container writes without the book (create, delete): the service over the request's tenant session
 * (shared/http/tenant.ts). The functions whose contents may come from the material book take `bookedContainers`
 * (./booked-containers.ts): only they load the records bucket's client. The reads stand apart (./container-reads.ts,
 * ./assessments.ts, ./contents.ts), so their functions do not load the writes.
 */
import { tenantDocumentClient } from '../../shared/clients/dynamodb';
import { config } from '../../shared/config';
import { dynamoContainerStore } from '../../shared/data/containers';
import { dynamoClearanceNoticeStore } from '../../shared/data/clearance-notices';
import { dynamoMeasurementStore } from '../../shared/data/measurements';
import { perTenant } from '../../shared/http/tenant';
import { containerService } from '../../shared/services/containers';

export const containers = perTenant((session) => {
  const db = tenantDocumentClient(session);
  return containerService(dynamoContainerStore(db, config.tableName), {
    measurements: dynamoMeasurementStore(db, config.tableName),
    notices: dynamoClearanceNoticeStore(db, config.tableName),
  });
});
