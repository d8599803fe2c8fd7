import { callerOf } from '../../shared/http/request';
import { httpHandler } from '../../shared/http/handler';
import { wholeReply } from '../../shared/http/replies';
import { maintenanceRoutes } from '../../shared/routes/maintenance';
import { REPORT_FIND_CAP } from '../../shared/services/maintenance';
import { maintenanceReport } from '../commons/maintenance';

/**
 * GET /maintenance-log/report-api/v1/maintenance-log-entries: the caller's entries (all for role reporter), up to
 * 1,000.
 */
export const handler = httpHandler(maintenanceRoutes.find, async (request) =>
  wholeReply(
    request,
    'MaintenanceLogEntryModelCollection',
    await maintenanceReport(request).find(callerOf(request)),
    REPORT_FIND_CAP,
  ),
);
