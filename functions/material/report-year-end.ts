import { httpHandler } from '../../shared/http/handler';
import { single } from '../../shared/http/replies';
import { negotiate, tenantOf } from '../../shared/http/request';
import { withTenant } from '../../shared/http/tenant';
import { materialRoutes } from '../../shared/routes/material';
import { reports } from '../commons/reports';
import { yearOf } from '../commons/year';

export const handler = httpHandler(
  materialRoutes.yearEndReport,
  withTenant(reports, async (request, { reports, timeZoneOf }) => {
    const tenant = tenantOf(request);
    const report = await reports.yearEnd(tenant, yearOf(request), await timeZoneOf(tenant));
    const media = negotiate(request, ['application/json', ...materialRoutes.yearEndReport.alternatives]);
    if (media === 'application/json')
      return single('MaterialYearEndReportModel', report, { language: request.language });
    // The CSV and the record are bundled apart (infra/bundling.ts LAZY_MODULES): a JSON request never loads them.
    const { yearEndFile } = await import('./report-files.js');
    return yearEndFile(media, request.language, report);
  }),
);
