import { httpHandler } from '../../shared/http/handler';
import { wholeReply } from '../../shared/http/replies';
import { tenantOf } from '../../shared/http/request';
import { withTenant } from '../../shared/http/tenant';
import { materialRoutes } from '../../shared/routes/material';
import { parseQueryText } from '../../shared/schemas/body';
import { stateQuery } from '../../shared/schemas/material-queries';
import { MATERIAL_LIST_CAP } from '../../shared/services/material-reads';
import { materialReading } from '../commons/material';

export const handler = httpHandler(
  materialRoutes.list,
  withTenant(materialReading, async (request, service) => {
    const items = await service.list(tenantOf(request), parseQueryText(stateQuery, request.query, 'State'));
    return wholeReply(
      request,
      'MaterialModelCollection',
      { items: items.slice(0, MATERIAL_LIST_CAP), total: items.length, truncated: items.length > MATERIAL_LIST_CAP },
      MATERIAL_LIST_CAP,
    );
  }),
);
