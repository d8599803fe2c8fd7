import { containerRoutes } from '../../shared/routes/containers';
import { callerOf, tenantOf } from '../../shared/http/request';
import { httpHandler } from '../../shared/http/handler';
import { single } from '../../shared/http/replies';
import { parseBody } from '../../shared/schemas/body';
import { containerUpdateBodyMembers, containerUpdateBodySchema } from '../../shared/schemas/container';
import { releasing } from '../commons/releases';
import { withTenant } from '../../shared/http/tenant';

export const handler = httpHandler(
  containerRoutes.update,
  withTenant(releasing, async (request, service) => {
    const caller = callerOf(request);
    const { value, ignored } = parseBody(containerUpdateBodySchema, request.body, containerUpdateBodyMembers);
    const { Justification: justification, ...patch } = value;
    const { model, etag, notes } = await service.containers.update(
      tenantOf(request),
      caller,
      request.params.uuid!,
      patch,
      request.header('if-match'),
      request.requestId,
      justification ?? null,
    );
    return single('ContainerModel', model, {
      success: { key: 'container.updated' },
      ignored,
      notes,
      language: request.language,
      headers: { ETag: etag },
    });
  }),
);
