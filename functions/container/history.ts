import { containerRoutes } from '../../shared/routes/containers';
import { httpHandler } from '../../shared/http/handler';
import { tenantOf } from '../../shared/http/request';
import { wholeReply } from '../../shared/http/replies';
import { containerReading } from '../commons/container-reads';
import { HISTORY_FIND_CAP } from '../commons/container-replies';
import { withTenant } from '../../shared/http/tenant';

export const handler = httpHandler(
  containerRoutes.history,
  withTenant(containerReading, async (request, service) => {
    const listing = await service.history(tenantOf(request), request.params.uuid!, {
      offset: 0,
      limit: HISTORY_FIND_CAP,
    });
    return wholeReply(
      request,
      'ContainerHistoryEntryModelCollection',
      { ...listing, truncated: listing.total > HISTORY_FIND_CAP },
      HISTORY_FIND_CAP,
    );
  }),
);
