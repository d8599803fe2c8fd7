import { containerRoutes } from '../../shared/routes/containers';
import { MAX_CONTENTS } from '../../shared/domain/container-contents';
import { httpHandler } from '../../shared/http/handler';
import { tenantOf } from '../../shared/http/request';
import { wholeReply } from '../../shared/http/replies';
import { containers } from '../commons/containers';

export const handler = httpHandler(containerRoutes.contents, async (request) =>
  wholeReply(
    request,
    'ContainerContentModelCollection',
    await (await containers.of(request)).contents(tenantOf(request), request.params.uuid!),
    MAX_CONTENTS,
  ),
);
