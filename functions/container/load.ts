import { containerRoutes } from '../../shared/routes/containers';
import { httpHandler } from '../../shared/http/handler';
import { single } from '../../shared/http/replies';
import { tenantOf } from '../../shared/http/request';
import { containers } from '../commons/containers';

export const handler = httpHandler(containerRoutes.load, async (request) => {
  const { model, etag } = await (await containers.of(request)).load(tenantOf(request), request.params.uuid!);
  return single('ContainerModel', model, { language: request.language, headers: { ETag: etag } });
});
