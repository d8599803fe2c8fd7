import { releaseRoutes } from '../../shared/routes/releases';
import { httpHandler } from '../../shared/http/handler';
import { tenantOf } from '../../shared/http/request';
import { single } from '../../shared/http/replies';
import { register, yearOf } from '../commons/register';

export const handler = httpHandler(releaseRoutes.summary, async (request) => {
  const summary = await (await register.of(request)).summary(tenantOf(request), yearOf(request));
  return single('ReleaseRegisterSummaryModel', summary, { language: request.language });
});
