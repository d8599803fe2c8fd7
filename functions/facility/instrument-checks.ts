import { httpHandler } from '../../shared/http/handler';
import { wholeReply } from '../../shared/http/replies';
import { tenantOf } from '../../shared/http/request';
import { instrumentRoutes } from '../../shared/routes/facility';
import { INSTRUMENT_LIST_CAP } from '../../shared/services/instruments';
import { instruments } from '../commons/instruments';
import { withTenant } from '../../shared/http/tenant';

export const handler = httpHandler(
  instrumentRoutes.checks,
  withTenant(instruments, async (request, service) => {
    const listing = await service.checks(tenantOf(request), request.params.uuid!);
    return wholeReply(request, 'InstrumentCheckModelCollection', listing, INSTRUMENT_LIST_CAP, 'listing.truncated');
  }),
);
