import { releaseRoutes } from '../../shared/routes/releases';
import { httpHandler } from '../../shared/http/handler';
import { tenantOf } from '../../shared/http/request';
import { single } from '../../shared/http/replies';
import { register, yearOf } from '../commons/register';

/** GET .../release-register/summary?year=YYYY: the year's released mass per type of release, for the yearly report. */
export const handler = httpHandler(releaseRoutes.summary, async (request) => {
  const summary = await (await register.of(request)).summary(tenantOf(request), yearOf(request));
  return single('ReleaseRegisterSummaryModel', summary, { language: request.language });
});
