import { config } from '../../shared/config';
import { pageConfiguration } from '../../shared/domain/collection';
import { baseUrl, callerOf, collection, httpHandler, pageOf } from '../../shared/http/handler';
import { maintenanceRoutes } from '../../shared/routes/maintenance';
import { maintenanceLog } from '../commons/maintenance';

const COLLECTION = 'MaintenanceLogEntryModelCollection';

/** GET .../maintenance-log-entries/page and .../page/{page}: one page of 100, newest incident first. */
export const handler = httpHandler(maintenanceRoutes.page, async (request) => {
  const page = pageOf(request);
  const { items, total } = await maintenanceLog.page(callerOf(request), page);
  const configuration = pageConfiguration({
    name: COLLECTION,
    total,
    page,
    pageSize: config.pageSize,
    itemsOnPage: items.length,
    endpoint: (n) => `${baseUrl(request)}${maintenanceRoutes.page.path}/${n}`,
  });
  return collection(COLLECTION, items, configuration, { language: request.language });
});
