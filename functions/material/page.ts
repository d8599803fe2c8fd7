import { config } from '../../shared/config';
import { httpHandler } from '../../shared/http/handler';
import { pageReply } from '../../shared/http/replies';
import { pageOf, tenantOf } from '../../shared/http/request';
import { withTenant } from '../../shared/http/tenant';
import { materialRoutes } from '../../shared/routes/material';
import { parseQueryText } from '../../shared/schemas/body';
import { stateQuery } from '../../shared/schemas/material-queries';
import { materialReading } from '../commons/material';

export const handler = httpHandler(
  materialRoutes.page,
  withTenant(materialReading, async (request, service) => {
    const page = pageOf(request);
    const listing = await service.page(tenantOf(request), parseQueryText(stateQuery, request.query, 'State'), {
      offset: (page - 1) * config.pageSize,
      limit: config.pageSize,
    });
    return pageReply(request, 'MaterialModelCollection', listing, page, materialRoutes.pageNumber);
  }),
);
