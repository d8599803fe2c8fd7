import { idempotentHandler } from '../../shared/http/idempotency';
import { callerOf, tenantOf } from '../../shared/http/request';
import { single } from '../../shared/http/replies';
import { instrumentRoutes } from '../../shared/routes/facility';
import { parseBody } from '../../shared/schemas/body';
import { instrumentCreateSchema, instrumentMembers } from '../../shared/schemas/instrument';
import { instruments } from '../commons/instruments';
import { withTenant } from '../../shared/http/tenant';

export const handler = idempotentHandler(
  instrumentRoutes.create,
  withTenant(instruments, async (request, service) => {
    const caller = callerOf(request);
    const { value, ignored } = parseBody(instrumentCreateSchema, request.body, instrumentMembers);
    const { model, etag, notes } = await service.create(tenantOf(request), caller, value);
    return single('InstrumentModel', model, {
      success: { key: 'instrument.created' },
      ignored,
      notes,
      language: request.language,
      headers: { ETag: etag },
    });
  }),
);
