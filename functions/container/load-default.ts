import { containerRoutes } from '../../shared/routes/containers';
import { defaultContainerModel } from '../../shared/domain/container-model';
import { httpHandler } from '../../shared/http/handler';
import { single } from '../../shared/http/replies';
import { tenantOf } from '../../shared/http/request';

export const handler = httpHandler(containerRoutes.loadDefault, async (request) =>
  single('ContainerModel', defaultContainerModel(tenantOf(request)), { language: request.language }),
);
