import { releaseRoutes } from '../../shared/routes/releases';
import { httpHandler } from '../../shared/http/handler';
import { tenantOf } from '../../shared/http/request';
import { single } from '../../shared/http/replies';
import { register, yearOf } from '../commons/register';
import { withTenant } from '../../shared/http/tenant';

export const handler = httpHandler(
  releaseRoutes.summary,
  withTenant(register, async (request, service) => {
    const summary = await service.summary(tenantOf(request), yearOf(request));
    return single('ReleaseRegisterSummaryModel', summary, { language: request.language });
  }),
);
