import { idempotentHandler } from '../../shared/http/idempotency';
import { callerOf, tenantOf } from '../../shared/http/request';
import { single } from '../../shared/http/replies';
import { withTenant } from '../../shared/http/tenant';
import { materialRoutes } from '../../shared/routes/material';
import { parseBody } from '../../shared/schemas/body';
import { elutionMembers, elutionSchema } from '../../shared/schemas/material';
import { material } from '../commons/bookings';

export const handler = idempotentHandler(
  materialRoutes.elute,
  withTenant(material, async (request, service) => {
    const { value } = parseBody(elutionSchema, request.body, elutionMembers);
    const dryRun = request.query.dryRun === true;
    const { model, notes } = await service.elute(
      tenantOf(request),
      callerOf(request),
      request.params.uuid!,
      value,
      dryRun,
    );
    return single('MaterialModel', model, {
      ...(dryRun ? {} : { success: { key: 'material.eluted' } }),
      notes,
      language: request.language,
    });
  }),
);
