import { wholeConfiguration } from '../../shared/domain/collection';
import { baseUrl, callerOf, collection, httpHandler } from '../../shared/http/handler';
import { maintenanceRoutes } from '../../shared/routes/maintenance';
import { REPORT_FIND_CAP } from '../../shared/services/maintenance';
import { maintenanceLog } from '../commons/maintenance';

const COLLECTION = 'MaintenanceLogEntryModelCollection';

/** GET /maintenance-log/report-api/v1/maintenance-log-entries: the caller's entries (all for role reporter), up to 1,000. */
export const handler = httpHandler(maintenanceRoutes.find, async (request) => {
  const { items, total, truncated } = await maintenanceLog.find(callerOf(request));
  const self = `${baseUrl(request)}${request.event.rawPath}`;
  return collection(COLLECTION, items, wholeConfiguration({ name: COLLECTION, total, cap: REPORT_FIND_CAP, itemsOnPage: items.length, self }), {
    language: request.language,
    notifications: truncated ? [{ key: 'collection.truncated', params: { cap: REPORT_FIND_CAP, total } }] : [],
  });
});
