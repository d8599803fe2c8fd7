import { httpHandler } from '../../shared/http/handler';
import { wholeReply } from '../../shared/http/replies';
import { tenantOf } from '../../shared/http/request';
import { instrumentRoutes } from '../../shared/routes/facility';
import { INSTRUMENT_LIST_CAP } from '../../shared/services/instruments';
import { instruments } from '../commons/instruments';
import { withTenant } from '../../shared/http/tenant';

export const handler = httpHandler(
  instrumentRoutes.list,
  withTenant(instruments, async (request, service) => {
    const listing = await service.list(tenantOf(request));
    return wholeReply(request, 'InstrumentModelCollection', listing, INSTRUMENT_LIST_CAP, 'listing.truncated');
  }),
);
