/** Wiring of the licence functions: the licence service over the request's tenant session. */
import { tenantDocumentClient } from '../../shared/clients/dynamodb';
import { config } from '../../shared/config';
import { dynamoLicenceStore } from '../../shared/data/licences';
import { perTenant } from '../../shared/http/tenant';
import { licenceService } from '../../shared/services/licences';

export const licences = perTenant((session) =>
  licenceService(dynamoLicenceStore(tenantDocumentClient(session), config.tableName)),
);
