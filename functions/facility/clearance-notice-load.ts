import { httpHandler } from '../../shared/http/handler';
import { single } from '../../shared/http/replies';
import { tenantOf } from '../../shared/http/request';
import { clearanceNoticeRoutes } from '../../shared/routes/facility';
import { notices } from '../commons/notices';
import { withTenant } from '../../shared/http/tenant';

export const handler = httpHandler(
  clearanceNoticeRoutes.load,
  withTenant(notices, async (request, service) => {
    const { model, etag } = await service.load(tenantOf(request), request.params.uuid!);
    return single('ClearanceNoticeModel', model, { language: request.language, headers: { ETag: etag } });
  }),
);
