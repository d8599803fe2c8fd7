import { httpHandler } from '../../shared/http/handler';
import { single } from '../../shared/http/replies';
import { tenantOf } from '../../shared/http/request';
import { withTenant } from '../../shared/http/tenant';
import { materialRoutes } from '../../shared/routes/material';
import { reports } from '../commons/material';
import { yearOf } from '../commons/year';

export const handler = httpHandler(
  materialRoutes.verify,
  withTenant(reports, async (request, { reports, records }) => {
    const verification = await reports.verify(tenantOf(request), yearOf(request), records);
    return single('MaterialBookVerificationModel', verification, { language: request.language });
  }),
);
