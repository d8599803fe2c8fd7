import { httpHandler } from '../../shared/http/handler';
import { wholeReply } from '../../shared/http/replies';
import { tenantOf } from '../../shared/http/request';
import { measurementRoutes } from '../../shared/routes/measurements';
import { MEASUREMENT_LIST_CAP } from '../../shared/services/measurements';
import { measurements } from '../commons/measurements';
import { withTenant } from '../../shared/http/tenant';

export const handler = httpHandler(
  measurementRoutes.list,
  withTenant(measurements, async (request, service) => {
    const listing = await service.list(tenantOf(request), request.params.uuid!);
    return wholeReply(
      request,
      'DecisionMeasurementModelCollection',
      listing,
      MEASUREMENT_LIST_CAP,
      'listing.truncated',
    );
  }),
);
