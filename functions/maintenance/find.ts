import { callerOf } from '../../shared/http/request';
import { httpHandler } from '../../shared/http/handler';
import { wholeReply } from '../../shared/http/replies';
import { maintenanceRoutes } from '../../shared/routes/maintenance';
import { REPORT_FIND_CAP } from '../../shared/services/maintenance';
import { maintenanceReport } from '../commons/maintenance';

export const handler = httpHandler(maintenanceRoutes.find, async (request) =>
  wholeReply(
    request,
    'MaintenanceLogEntryModelCollection',
    await maintenanceReport(request).find(callerOf(request)),
    REPORT_FIND_CAP,
  ),
);
