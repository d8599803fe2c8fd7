/** Wiring of the clearance notice functions: the service over the request's tenant session. */
import { tenantDocumentClient } from '../../shared/clients/dynamodb';
import { config } from '../../shared/config';
import { dynamoClearanceNoticeStore } from '../../shared/data/clearance-notices';
import { perTenant } from '../../shared/http/tenant';
import { clearanceNoticeService } from '../../shared/services/clearance-notices';

export const notices = perTenant((session) =>
  clearanceNoticeService(dynamoClearanceNoticeStore(tenantDocumentClient(session), config.tableName)),
);
