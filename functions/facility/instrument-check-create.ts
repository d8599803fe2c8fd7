import { idempotentHandler } from '../../shared/http/idempotency';
import { callerOf, tenantOf } from '../../shared/http/request';
import { single } from '../../shared/http/replies';
import { instrumentRoutes } from '../../shared/routes/facility';
import { parseBody } from '../../shared/schemas/body';
import { checkCreateSchema, checkMembers } from '../../shared/schemas/instrument';
import { instruments } from '../commons/instruments';
import { withTenant } from '../../shared/http/tenant';

export const handler = idempotentHandler(
  instrumentRoutes.addCheck,
  withTenant(instruments, async (request, service) => {
    const caller = callerOf(request);
    const { value, ignored } = parseBody(checkCreateSchema, request.body, checkMembers);
    const check = await service.addCheck(tenantOf(request), caller, request.params.uuid!, value);
    return single('InstrumentCheckModel', check, {
      success: { key: 'instrument.check_recorded' },
      ignored,
      language: request.language,
    });
  }),
);
