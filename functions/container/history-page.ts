import { containerRoutes } from '../../shared/routes/containers';
import { config } from '../../shared/config';
import { httpHandler } from '../../shared/http/handler';
import { pageOf, tenantOf } from '../../shared/http/request';
import { pageReply } from '../../shared/http/replies';
import { containerReading } from '../commons/container-reads';
import { withTenant } from '../../shared/http/tenant';

export const handler = httpHandler(
  containerRoutes.historyPage,
  withTenant(containerReading, async (request, service) => {
    const page = pageOf(request);
    const listing = await service.history(tenantOf(request), request.params.uuid!, {
      offset: (page - 1) * config.pageSize,
      limit: config.pageSize,
    });
    return pageReply(request, 'ContainerHistoryEntryModelCollection', listing, page, containerRoutes.historyPageNumber);
  }),
);
