import { callerOf, tenantOf } from '../../shared/http/request';
import { single } from '../../shared/http/replies';
import { idempotentHandler } from '../../shared/http/idempotency';
import { maintenanceRoutes } from '../../shared/routes/maintenance';
import { parseBody } from '../../shared/schemas/body';
import { maintenanceCreateSchema, maintenanceMembers } from '../../shared/schemas/maintenance';
import { maintenanceLog } from '../commons/maintenance';
import { withTenant } from '../../shared/http/tenant';

export const handler = idempotentHandler(
  maintenanceRoutes.create,
  withTenant(maintenanceLog, async (request, service) => {
    const caller = callerOf(request);
    const { value, ignored } = parseBody(maintenanceCreateSchema, request.body, maintenanceMembers);
    const model = await service.create(tenantOf(request), caller, value);
    return single('MaintenanceLogEntryModel', model, {
      success: { key: 'maintenance.created' },
      ignored,
      language: request.language,
    });
  }),
);
