import { containerRoutes } from '../../shared/routes/containers';
import { httpHandler } from '../../shared/http/handler';
import { single } from '../../shared/http/replies';
import { negotiate, tenantOf } from '../../shared/http/request';
import { chartSvg } from '../../shared/records/chart-svg';
import { assessing } from '../commons/assessments';
import { parseQueryText } from '../../shared/schemas/body';
import { identifier } from '../../shared/schemas/fields';
import { releaseTypeQuery } from '../../shared/schemas/release-queries';
import { withTenant } from '../../shared/http/tenant';

export const handler = httpHandler(
  containerRoutes.releaseAssessment,
  withTenant(assessing, async (request, service) => {
    const type =
      request.query.releaseType === undefined
        ? undefined
        : parseQueryText(releaseTypeQuery, request.query, 'releaseType');
    const notice =
      request.query.clearanceNoticeUuid === undefined
        ? undefined
        : parseQueryText(identifier, request.query, 'clearanceNoticeUuid');
    const route = containerRoutes.releaseAssessment;
    if (negotiate(request, ['application/json', ...route.alternatives]) === 'image/svg+xml') {
      const chart = await service.chart(tenantOf(request), request.params.uuid!, request.language, type, notice);
      return { body: undefined, raw: { contentType: 'image/svg+xml; charset=utf-8', text: chartSvg(chart) } };
    }
    const { assessment, notes } = await service.assess(tenantOf(request), request.params.uuid!, type, notice);
    return single('ReleaseAssessmentModel', assessment, { notes, language: request.language });
  }),
);
