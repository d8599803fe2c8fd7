import { httpHandler } from '../../shared/http/handler';
import { single } from '../../shared/http/replies';
import { negotiate, tenantOf } from '../../shared/http/request';
import { withTenant } from '../../shared/http/tenant';
import { materialRoutes } from '../../shared/routes/material';
import { parseQueryText } from '../../shared/schemas/body';
import { monthQuery } from '../../shared/schemas/material-queries';
import { reports } from '../commons/reports';

export const handler = httpHandler(
  materialRoutes.monthReport,
  withTenant(reports, async (request, { reports, timeZoneOf }) => {
    const month = parseQueryText(monthQuery, request.query, 'month');
    const tenant = tenantOf(request);
    const report = await reports.month(tenant, month, await timeZoneOf(tenant), request.language);
    const media = negotiate(request, ['application/json', ...materialRoutes.monthReport.alternatives]);
    if (media === 'application/json') return single('MaterialMonthReportModel', report, { language: request.language });
    // The CSV and the record are bundled apart (infra/bundling.ts LAZY_MODULES): a JSON request never loads them.
    const { monthFile } = await import('./report-files.js');
    return monthFile(media, request.language, report);
  }),
);
