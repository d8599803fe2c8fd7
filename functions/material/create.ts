import { idempotentHandler } from '../../shared/http/idempotency';
import { callerOf, tenantOf } from '../../shared/http/request';
import { single } from '../../shared/http/replies';
import { withTenant } from '../../shared/http/tenant';
import { materialRoutes } from '../../shared/routes/material';
import { parseBody } from '../../shared/schemas/body';
import { receiptMembers, receiptSchema } from '../../shared/schemas/material';
import { material } from '../commons/bookings';

export const handler = idempotentHandler(
  materialRoutes.create,
  withTenant(material, async (request, service) => {
    const { value, ignored } = parseBody(receiptSchema, request.body, receiptMembers);
    const dryRun = request.query.dryRun === true;
    const { model, notes } = await service.receive(tenantOf(request), callerOf(request), value, dryRun);
    return single('MaterialModel', model, {
      ...(dryRun ? {} : { success: { key: 'material.received' } }),
      ignored,
      notes,
      language: request.language,
    });
  }),
);
