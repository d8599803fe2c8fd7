import { containerRoutes } from '../../shared/routes/containers';
import { config } from '../../shared/config';
import { httpHandler } from '../../shared/http/handler';
import { pageOf, tenantOf } from '../../shared/http/request';
import { pageReply } from '../../shared/http/replies';
import { containers } from '../commons/containers';

export const handler = httpHandler(containerRoutes.historyPage, async (request) => {
  const page = pageOf(request);
  const listing = await (await containers.of(request)).history(tenantOf(request), request.params.uuid!, {
    offset: (page - 1) * config.pageSize,
    limit: config.pageSize,
  });
  return pageReply(request, 'ContainerHistoryEntryModelCollection', listing, page, containerRoutes.historyPageNumber);
});
