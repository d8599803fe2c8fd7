import { containerRoutes } from '../../shared/routes/containers';
import { MAX_CONTENTS } from '../../shared/domain/container-contents';
import { httpHandler } from '../../shared/http/handler';
import { tenantOf } from '../../shared/http/request';
import { wholeReply } from '../../shared/http/replies';
import { contentsReading } from '../commons/contents';
import { withTenant } from '../../shared/http/tenant';

export const handler = httpHandler(
  containerRoutes.contents,
  withTenant(contentsReading, async (request, service) =>
    wholeReply(
      request,
      'ContainerContentModelCollection',
      await service.contents(tenantOf(request), request.params.uuid!),
      MAX_CONTENTS,
    ),
  ),
);
