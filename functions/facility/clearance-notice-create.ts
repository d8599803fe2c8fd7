import { idempotentHandler } from '../../shared/http/idempotency';
import { callerOf, tenantOf } from '../../shared/http/request';
import { single } from '../../shared/http/replies';
import { clearanceNoticeRoutes } from '../../shared/routes/facility';
import { parseBody } from '../../shared/schemas/body';
import { noticeCreateSchema, noticeMembers } from '../../shared/schemas/clearance-notice';
import { notices } from '../commons/notices';
import { withTenant } from '../../shared/http/tenant';

export const handler = idempotentHandler(
  clearanceNoticeRoutes.create,
  withTenant(notices, async (request, service) => {
    const caller = callerOf(request);
    const { value, ignored } = parseBody(noticeCreateSchema, request.body, noticeMembers);
    const { model, etag } = await service.create(tenantOf(request), caller, value);
    return single('ClearanceNoticeModel', model, {
      success: { key: 'clearance_notice.created' },
      ignored,
      language: request.language,
      headers: { ETag: etag },
    });
  }),
);
