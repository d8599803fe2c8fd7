import { httpHandler } from '../../shared/http/handler';
import { wholeReply } from '../../shared/http/replies';
import { tenantOf } from '../../shared/http/request';
import { clearanceNoticeRoutes } from '../../shared/routes/facility';
import { NOTICE_LIST_CAP } from '../../shared/services/clearance-notices';
import { notices } from '../commons/facility';

export const handler = httpHandler(clearanceNoticeRoutes.list, async (request) => {
  const listing = await (await notices.of(request)).list(tenantOf(request));
  return wholeReply(request, 'ClearanceNoticeModelCollection', listing, NOTICE_LIST_CAP, {
    key: 'listing.truncated',
    params: { cap: NOTICE_LIST_CAP, total: listing.total },
  });
});
