import { containerRoutes } from '../../shared/routes/containers';
import { idempotentHandler } from '../../shared/http/idempotency';
import { callerOf, tenantOf } from '../../shared/http/request';
import { single } from '../../shared/http/replies';
import { parseBody } from '../../shared/schemas/body';
import { contentCreateSchema, contentMembers } from '../../shared/schemas/content';
import { bookedContainers } from '../commons/booked-containers';
import { withTenant } from '../../shared/http/tenant';

export const handler = idempotentHandler(
  containerRoutes.addContent,
  withTenant(bookedContainers, async (request, service) => {
    const caller = callerOf(request);
    const { value, ignored } = parseBody(contentCreateSchema, request.body, contentMembers);
    const { content, etag, notes } = await service.addContent(
      tenantOf(request),
      caller,
      request.params.uuid!,
      value,
      request.requestId,
    );
    return single('ContainerContentModel', content, {
      success: { key: 'container.content_added' },
      ignored,
      notes,
      language: request.language,
      headers: { ETag: etag },
    });
  }),
);
