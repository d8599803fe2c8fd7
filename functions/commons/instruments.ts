/** Wiring of the instrument functions: the service over the request's tenant session. */
import { tenantDocumentClient } from '../../shared/clients/dynamodb';
import { config } from '../../shared/config';
import { dynamoInstrumentStore } from '../../shared/data/instruments';
import { perTenant } from '../../shared/http/tenant';
import { instrumentService } from '../../shared/services/instruments';

export const instruments = perTenant((session) =>
  instrumentService(dynamoInstrumentStore(tenantDocumentClient(session), config.tableName)),
);
