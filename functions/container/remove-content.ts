import { containerRoutes } from '../../shared/routes/containers';
import { callerOf, tenantOf } from '../../shared/http/request';
import { httpHandler } from '../../shared/http/handler';
import { single } from '../../shared/http/replies';
import { bookedContainers } from '../commons/booked-containers';
import { withTenant } from '../../shared/http/tenant';

export const handler = httpHandler(
  containerRoutes.removeContent,
  withTenant(bookedContainers, async (request, service) => {
    const { uuid, contentUuid } = request.params;
    const { content, etag } = await service.removeContent(
      tenantOf(request),
      callerOf(request),
      uuid!,
      contentUuid!,
      request.requestId,
    );
    return single('ContainerContentModel', content, {
      success: { key: 'container.content_removed' },
      language: request.language,
      headers: { ETag: etag },
    });
  }),
);
