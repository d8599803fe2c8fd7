import { containerRoutes } from '../../shared/routes/containers';
import { callerOf, tenantOf } from '../../shared/http/request';
import { httpHandler } from '../../shared/http/handler';
import { single } from '../../shared/http/replies';
import { containers } from '../commons/containers';
import { withTenant } from '../../shared/http/tenant';

export const handler = httpHandler(
  containerRoutes.delete,
  withTenant(containers, async (request, service) => {
    const { model } = await service.remove(
      tenantOf(request),
      callerOf(request),
      request.params.uuid!,
      request.requestId,
    );
    return single('ContainerModel', model, { success: { key: 'container.deleted' }, language: request.language });
  }),
);
