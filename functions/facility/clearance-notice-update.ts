import { httpHandler } from '../../shared/http/handler';
import { callerOf, tenantOf } from '../../shared/http/request';
import { single } from '../../shared/http/replies';
import { clearanceNoticeRoutes } from '../../shared/routes/facility';
import { parseBody } from '../../shared/schemas/body';
import { noticeMembers, noticeUpdateSchema } from '../../shared/schemas/clearance-notice';
import { notices } from '../commons/facility';

export const handler = httpHandler(clearanceNoticeRoutes.update, async (request) => {
  const caller = callerOf(request);
  const { value, ignored } = parseBody(noticeUpdateSchema, request.body, noticeMembers);
  const { model, etag } = await (await notices.of(request)).update(
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
});
