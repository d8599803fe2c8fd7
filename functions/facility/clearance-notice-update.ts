import { httpHandler } from '../../shared/http/handler';
import { callerOf, tenantOf } from '../../shared/http/request';
import { single } from '../../shared/http/replies';
import { clearanceNoticeRoutes } from '../../shared/routes/facility';
import { parseBody } from '../../shared/schemas/body';
import { noticeMembers, noticeUpdateSchema } from '../../shared/schemas/clearance-notice';
import { notices } from '../commons/notices';
import { withTenant } from '../../shared/http/tenant';

export const handler = httpHandler(
  clearanceNoticeRoutes.update,
  withTenant(notices, async (request, service) => {
    const caller = callerOf(request);
    const { value, ignored } = parseBody(noticeUpdateSchema, request.body, noticeMembers);
    const { model, etag } = await service.update(
      tenantOf(request),
      caller,
      request.params.uuid!,
      value,
      request.header('if-match'),
    );
    return single('ClearanceNoticeModel', model, {
      success: { key: 'clearance_notice.updated' },
      ignored,
      language: request.language,
      headers: { ETag: etag },
    });
  }),
);
