import { containerRoutes } from '../../shared/routes/containers';
import { callerOf, tenantOf } from '../../shared/http/request';
import { httpHandler } from '../../shared/http/handler';
import { single } from '../../shared/http/replies';
import { containers } from '../commons/containers';

export const handler = httpHandler(containerRoutes.delete, async (request) => {
  const { model } = await (await containers.of(request)).remove(
    tenantOf(request),
    callerOf(request),
    request.params.uuid!,
    request.requestId,
  );
  return single('ContainerModel', model, { success: { key: 'container.deleted' }, language: request.language });
});
