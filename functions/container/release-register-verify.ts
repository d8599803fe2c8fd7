import { releaseRoutes } from '../../shared/routes/releases';
import { httpHandler } from '../../shared/http/handler';
import { tenantOf } from '../../shared/http/request';
import { single } from '../../shared/http/replies';
import { lockedRegister, yearOf } from '../commons/register';

export const handler = httpHandler(releaseRoutes.verify, async (request) => {
  const verification = await (await lockedRegister.of(request)).verify(tenantOf(request), yearOf(request));
  return single('ReleaseRegisterVerificationModel', verification, { language: request.language });
});
