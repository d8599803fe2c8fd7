import { releaseRoutes } from '../../shared/routes/releases';
import { httpHandler } from '../../shared/http/handler';
import { tenantOf } from '../../shared/http/request';
import { single } from '../../shared/http/replies';
import { lockedRegister } from '../commons/locked-register';
import { yearOf } from '../commons/register';
import { withTenant } from '../../shared/http/tenant';

export const handler = httpHandler(
  releaseRoutes.verify,
  withTenant(lockedRegister, async (request, service) => {
    const verification = await service.verify(tenantOf(request), yearOf(request));
    return single('ReleaseRegisterVerificationModel', verification, { language: request.language });
  }),
);
