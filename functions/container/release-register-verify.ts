import { releaseRoutes } from '../../shared/routes/releases';
import { httpHandler } from '../../shared/http/handler';
import { tenantOf } from '../../shared/http/request';
import { single } from '../../shared/http/replies';
import { lockedRegister, yearOf } from '../commons/register';

/**
 * GET .../release-register/verify?year=YYYY: the year's register chain checked against itself and against the
 * locked copies of its lines and their PDFs (StrlSchV § 86 Abs. 2), for role rpo or reporter.
 */
export const handler = httpHandler(releaseRoutes.verify, async (request) => {
  const verification = await (await lockedRegister.of(request)).verify(tenantOf(request), yearOf(request));
  return single('ReleaseRegisterVerificationModel', verification, { language: request.language });
});
