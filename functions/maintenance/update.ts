import { callerOf, tenantOf } from '../../shared/http/request';
import { httpHandler } from '../../shared/http/handler';
import { single } from '../../shared/http/replies';
import { maintenanceRoutes } from '../../shared/routes/maintenance';
import { parseBody } from '../../shared/schemas/body';
import { maintenanceMembers, maintenanceUpdateSchema } from '../../shared/schemas/maintenance';
import { maintenanceLog } from '../commons/maintenance';
import { withTenant } from '../../shared/http/tenant';

export const handler = httpHandler(
  maintenanceRoutes.update,
  withTenant(maintenanceLog, async (request, service) => {
    const caller = callerOf(request);
    const { value, ignored } = parseBody(maintenanceUpdateSchema, request.body, maintenanceMembers);
    const model = await service.update(tenantOf(request), caller, request.params.uuid!, value);
    return single('MaintenanceLogEntryModel', model, {
      success: { key: 'maintenance.updated' },
      ignored,
      language: request.language,
    });
  }),
);
