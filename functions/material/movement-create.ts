import { idempotentHandler } from '../../shared/http/idempotency';
import { callerOf, tenantOf } from '../../shared/http/request';
import { single } from '../../shared/http/replies';
import { withTenant } from '../../shared/http/tenant';
import { materialRoutes } from '../../shared/routes/material';
import { parseMovement } from '../../shared/schemas/material';
import { moving } from '../commons/moving';

export const handler = idempotentHandler(
  materialRoutes.addMovement,
  withTenant(moving, async (request, { material, containers }) => {
    const input = parseMovement(request.body);
    const tenant = tenantOf(request);
    const caller = callerOf(request);
    const uuid = request.params.uuid!;
    const movement =
      input.Kind === 'TO_CONTAINER'
        ? await containers.moveIntoContainer(tenant, caller, uuid, input, request.requestId)
        : (await material.move(tenant, caller, uuid, input)).movement;
    return single('MaterialMovementModel', movement, {
      success: { key: 'material.moved' },
      language: request.language,
    });
  }),
);
