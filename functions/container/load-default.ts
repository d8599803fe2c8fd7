import { containerRoutes } from '../../shared/routes/containers';
import { defaultContainerModel } from '../../shared/domain/container';
import { httpHandler, single, tenantOf } from '../../shared/http/handler';

/** GET .../container: the default attribute values. Public: it holds no data. */
export const handler = httpHandler(containerRoutes.loadDefault, async (request) =>
  single('ContainerModel', defaultContainerModel(tenantOf(request)), { language: request.language }),
);
