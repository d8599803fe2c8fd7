/** Wiring of the facility register functions: notices and instruments over the request's tenant session. */
import { tenantDocumentClient } from '../../shared/clients/dynamodb';
import { config } from '../../shared/config';
import { dynamoClearanceNoticeStore } from '../../shared/data/clearance-notices';
import { dynamoInstrumentStore } from '../../shared/data/instruments';
import { perTenant } from '../../shared/http/tenant';
import { clearanceNoticeService } from '../../shared/services/clearance-notices';
import { instrumentService } from '../../shared/services/instruments';

export const notices = perTenant((session) =>
  clearanceNoticeService(dynamoClearanceNoticeStore(tenantDocumentClient(session), config.tableName)),
);

export const instruments = perTenant((session) =>
  instrumentService(dynamoInstrumentStore(tenantDocumentClient(session), config.tableName)),
);
