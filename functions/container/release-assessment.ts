import { containerRoutes } from '../../shared/routes/containers';
import { httpHandler } from '../../shared/http/handler';
import { single } from '../../shared/http/replies';
import { tenantOf } from '../../shared/http/request';
import { containers } from '../commons/containers';
import { parseQueryText } from '../../shared/schemas/body';
import { identifier } from '../../shared/schemas/fields';
import { releaseTypeQuery } from '../../shared/schemas/release';
import { withTenant } from '../../shared/http/tenant';

export const handler = httpHandler(
  containerRoutes.releaseAssessment,
  withTenant(containers, async (request, service) => {
    const type =
      request.query.releaseType === undefined
        ? undefined
        : parseQueryText(releaseTypeQuery, request.query, 'releaseType');
    const notice =
      request.query.clearanceNoticeUuid === undefined
        ? undefined
        : parseQueryText(identifier, request.query, 'clearanceNoticeUuid');
    const { assessment, notes } = await service.assess(tenantOf(request), request.params.uuid!, type, notice);
    return single('ReleaseAssessmentModel', assessment, { notes, language: request.language });
  }),
);
