import { httpHandler } from '../../shared/http/handler';
import { wholeReply } from '../../shared/http/replies';
import { tenantOf } from '../../shared/http/request';
import { withTenant } from '../../shared/http/tenant';
import { materialRoutes } from '../../shared/routes/material';
import { MAX_MOVEMENTS } from '../../shared/domain/material';
import { materialReading } from '../commons/material';

export const handler = httpHandler(
  materialRoutes.movements,
  withTenant(materialReading, async (request, service) => {
    const items = await service.movements(tenantOf(request), request.params.uuid!);
    return wholeReply(
      request,
      'MaterialMovementModelCollection',
      { items, total: items.length, truncated: false },
      MAX_MOVEMENTS,
      'listing.truncated',
    );
  }),
);
