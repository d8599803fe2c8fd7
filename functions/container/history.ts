import { containerRoutes } from '../../shared/routes/containers';
import { httpHandler } from '../../shared/http/handler';
import { tenantOf } from '../../shared/http/request';
import { wholeReply } from '../../shared/http/replies';
import { containers } from '../commons/containers';
import { HISTORY_FIND_CAP } from '../commons/container-replies';

export const handler = httpHandler(containerRoutes.history, async (request) => {
  const listing = await (await containers.of(request)).history(tenantOf(request), request.params.uuid!, {
    offset: 0,
    limit: HISTORY_FIND_CAP,
  });
  return wholeReply(
    request,
    'ContainerHistoryEntryModelCollection',
    { ...listing, truncated: listing.total > HISTORY_FIND_CAP },
    HISTORY_FIND_CAP,
  );
});
