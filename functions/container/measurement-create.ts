import { idempotentHandler } from '../../shared/http/idempotency';
import { callerOf, tenantOf } from '../../shared/http/request';
import { single } from '../../shared/http/replies';
import { measurementRoutes } from '../../shared/routes/measurements';
import { parseBody } from '../../shared/schemas/body';
import { measurementCreateSchema, measurementMembers } from '../../shared/schemas/measurement';
import { measurements } from '../commons/measurements';
import { withTenant } from '../../shared/http/tenant';

export const handler = idempotentHandler(
  measurementRoutes.add,
  withTenant(measurements, async (request, service) => {
    const caller = callerOf(request);
    const { value, ignored } = parseBody(measurementCreateSchema, request.body, measurementMembers);
    const { model, etag, notes } = await service.add(
      tenantOf(request),
      caller,
      request.params.uuid!,
      value,
      request.requestId,
    );
    return single('DecisionMeasurementModel', model, {
      success: { key: 'measurement.recorded' },
      ignored,
      notes,
      language: request.language,
      headers: { ETag: etag },
    });
  }),
);
