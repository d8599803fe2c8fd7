import { httpHandler } from '../../shared/http/handler';
import { single } from '../../shared/http/replies';
import { tenantOf } from '../../shared/http/request';
import { withTenant } from '../../shared/http/tenant';
import { materialRoutes } from '../../shared/routes/material';
import { materialReading } from '../commons/material';

export const handler = httpHandler(
  materialRoutes.load,
  withTenant(materialReading, async (request, service) => {
    const model = await service.load(tenantOf(request), request.params.uuid!);
    return single('MaterialModel', model, { language: request.language });
  }),
);
