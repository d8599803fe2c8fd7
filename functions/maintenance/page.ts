import { callerOf, pageOf } from '../../shared/http/request';
import { httpHandler } from '../../shared/http/handler';
import { pageReply } from '../../shared/http/replies';
import { maintenanceRoutes } from '../../shared/routes/maintenance';
import { maintenanceReport } from '../commons/maintenance';

export const handler = httpHandler(maintenanceRoutes.page, async (request) => {
  const page = pageOf(request);
  const listing = await maintenanceReport(request).page(callerOf(request), page);
  return pageReply(request, 'MaintenanceLogEntryModelCollection', listing, page, maintenanceRoutes.pageNumber);
});
