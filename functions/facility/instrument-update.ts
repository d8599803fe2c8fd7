import { httpHandler } from '../../shared/http/handler';
import { callerOf, tenantOf } from '../../shared/http/request';
import { single } from '../../shared/http/replies';
import { instrumentRoutes } from '../../shared/routes/facility';
import { parseBody } from '../../shared/schemas/body';
import { instrumentMembers, instrumentUpdateSchema } from '../../shared/schemas/instrument';
import { instruments } from '../commons/instruments';
import { withTenant } from '../../shared/http/tenant';

export const handler = httpHandler(
  instrumentRoutes.update,
  withTenant(instruments, async (request, service) => {
    const caller = callerOf(request);
    const { value, ignored } = parseBody(instrumentUpdateSchema, request.body, instrumentMembers);
    const { model, etag, notes } = await service.update(
      tenantOf(request),
      caller,
      request.params.uuid!,
      value,
      request.header('if-match'),
    );
    return single('InstrumentModel', model, {
      success: { key: 'instrument.updated' },
      ignored,
      notes,
      language: request.language,
      headers: { ETag: etag },
    });
  }),
);
