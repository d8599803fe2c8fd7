import { httpHandler } from '../../shared/http/handler';
import { wholeReply } from '../../shared/http/replies';
import { tenantOf } from '../../shared/http/request';
import { clearanceNoticeRoutes } from '../../shared/routes/facility';
import { NOTICE_LIST_CAP } from '../../shared/services/clearance-notices';
import { notices } from '../commons/notices';
import { withTenant } from '../../shared/http/tenant';

export const handler = httpHandler(
  clearanceNoticeRoutes.list,
  withTenant(notices, async (request, service) => {
    const listing = await service.list(tenantOf(request));
    return wholeReply(request, 'ClearanceNoticeModelCollection', listing, NOTICE_LIST_CAP, 'listing.truncated');
  }),
);
