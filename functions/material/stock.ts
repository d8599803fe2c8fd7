import { httpHandler } from '../../shared/http/handler';
import { single } from '../../shared/http/replies';
import { tenantOf } from '../../shared/http/request';
import { withTenant } from '../../shared/http/tenant';
import { materialRoutes } from '../../shared/routes/material';
import { parseQueryText } from '../../shared/schemas/body';
import { atQuery } from '../../shared/schemas/material-queries';
import { stockReading } from '../commons/stock';

export const handler = httpHandler(
  materialRoutes.stock,
  withTenant(stockReading, async (request, service) => {
    const stock = await service.stock(tenantOf(request), parseQueryText(atQuery, request.query, 'at'));
    return single('StockModel', stock, { language: request.language });
  }),
);
