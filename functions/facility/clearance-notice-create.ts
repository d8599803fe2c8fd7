import { idempotentHandler } from '../../shared/http/idempotency';
import { callerOf, tenantOf } from '../../shared/http/request';
import { single } from '../../shared/http/replies';
import { clearanceNoticeRoutes } from '../../shared/routes/facility';
import { parseBody } from '../../shared/schemas/body';
import { noticeCreateSchema, noticeMembers } from '../../shared/schemas/clearance-notice';
import { notices } from '../commons/facility';

export const handler = idempotentHandler(clearanceNoticeRoutes.create, async (request) => {
  const caller = callerOf(request);
  const { value, ignored } = parseBody(noticeCreateSchema, request.body, noticeMembers);
  const { model, etag } = await (await notices.of(request)).create(tenantOf(request), caller, value);
  return single('ClearanceNoticeModel', model, {
    success: { key: 'clearance_notice.created' },
    ignored,
    language: request.language,
    headers: { ETag: etag },
  });
});
