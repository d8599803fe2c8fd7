import { httpHandler } from '../../shared/http/handler';
import { wholeReply } from '../../shared/http/replies';
import { tenantOf } from '../../shared/http/request';
import { withTenant } from '../../shared/http/tenant';
import { licenceRoutes } from '../../shared/routes/material';
import { LICENCE_LIST_CAP } from '../../shared/services/licences';
import { licences } from '../commons/licences';

export const handler = httpHandler(
  licenceRoutes.list,
  withTenant(licences, async (request, service) => {
    const listing = await service.list(tenantOf(request));
    return wholeReply(request, 'LicenceModelCollection', listing, LICENCE_LIST_CAP, 'listing.truncated');
  }),
);
