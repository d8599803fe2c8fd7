import { containerRoutes } from '../../shared/routes/containers';
import { idempotentHandler } from '../../shared/http/idempotency';
import { callerOf, tenantOf } from '../../shared/http/request';
import { single } from '../../shared/http/replies';
import { parseBody } from '../../shared/schemas/body';
import { containerMembers, containerCreateSchema } from '../../shared/schemas/container';
import { containers } from '../commons/containers';
import { withTenant } from '../../shared/http/tenant';

export const handler = idempotentHandler(
  containerRoutes.create,
  withTenant(containers, async (request, service) => {
    const caller = callerOf(request);
    const { value, ignored } = parseBody(containerCreateSchema, request.body, containerMembers);
    const { model, etag } = await service.create(tenantOf(request), caller, value, request.requestId);
    return single('ContainerModel', model, {
      success: { key: 'container.created' },
      ignored,
      language: request.language,
      headers: { ETag: etag },
    });
  }),
);
