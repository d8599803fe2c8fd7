import { containerRoutes } from '../../shared/routes/containers';
import { httpHandler } from '../../shared/http/handler';
import { single } from '../../shared/http/replies';
import { tenantOf } from '../../shared/http/request';
import { containerReading } from '../commons/container-reads';
import { withTenant } from '../../shared/http/tenant';

export const handler = httpHandler(
  containerRoutes.load,
  withTenant(containerReading, async (request, service) => {
    const { model, etag, notes } = await service.load(tenantOf(request), request.params.uuid!);
    return single('ContainerModel', model, { notes, language: request.language, headers: { ETag: etag } });
  }),
);
