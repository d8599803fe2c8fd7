import { httpHandler } from '../../shared/http/handler';
import { single } from '../../shared/http/replies';
import { tenantOf } from '../../shared/http/request';
import { instrumentRoutes } from '../../shared/routes/facility';
import { instruments } from '../commons/instruments';
import { withTenant } from '../../shared/http/tenant';

export const handler = httpHandler(
  instrumentRoutes.load,
  withTenant(instruments, async (request, service) => {
    const { model, etag, notes } = await service.load(tenantOf(request), request.params.uuid!);
    return single('InstrumentModel', model, { notes, language: request.language, headers: { ETag: etag } });
  }),
);
