import { idempotentHandler } from '../../shared/http/idempotency';
import { callerOf, tenantOf } from '../../shared/http/request';
import { single } from '../../shared/http/replies';
import { measurementRoutes } from '../../shared/routes/measurements';
import { parseBody } from '../../shared/schemas/body';
import { measurementCreateSchema, measurementMembers } from '../../shared/schemas/measurement';
import { measurements } from '../commons/measurements';

/**
 * POST .../container/{uuid}/measurement: the decision measurement of a container in DECAY or RELEASE_DATE_REACHED,
 * by the caller, with a usable calibrated instrument: activity, decision threshold and detection limit as ISO 11929
 * computes them, and the evaluation per release type. The container's ETag moves.
 */
export const handler = idempotentHandler(measurementRoutes.add, async (request) => {
  const caller = callerOf(request);
  const { value, ignored } = parseBody(measurementCreateSchema, request.body, measurementMembers);
  const { model, etag, notes } = await (await measurements.of(request)).add(
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
});
