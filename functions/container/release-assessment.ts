import { containerRoutes } from '../../shared/routes/containers';
import { httpHandler } from '../../shared/http/handler';
import { single } from '../../shared/http/replies';
import { tenantOf } from '../../shared/http/request';
import { containers } from '../commons/containers';

/** GET .../container/{uuid}/release-assessment: the summation rule now and the predicted release date. */
export const handler = httpHandler(containerRoutes.releaseAssessment, async (request) => {
  const { assessment, notes } = await (await containers.of(request)).assess(tenantOf(request), request.params.uuid!);
  return single('ReleaseAssessmentModel', assessment, { notes, language: request.language });
});
