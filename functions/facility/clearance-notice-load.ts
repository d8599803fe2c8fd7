import { httpHandler } from '../../shared/http/handler';
import { single } from '../../shared/http/replies';
import { tenantOf } from '../../shared/http/request';
import { clearanceNoticeRoutes } from '../../shared/routes/facility';
import { notices } from '../commons/facility';

export const handler = httpHandler(clearanceNoticeRoutes.load, async (request) => {
  const { model, etag } = await (await notices.of(request)).load(tenantOf(request), request.params.uuid!);
  return single('ClearanceNoticeModel', model, { language: request.language, headers: { ETag: etag } });
});
