import { httpHandler } from '../../shared/http/handler';
import { single } from '../../shared/http/replies';
import { tenantOf } from '../../shared/http/request';
import { withTenant } from '../../shared/http/tenant';
import { licenceRoutes } from '../../shared/routes/material';
import { licences } from '../commons/licences';

export const handler = httpHandler(
  licenceRoutes.load,
  withTenant(licences, async (request, service) => {
    const { model, etag } = await service.load(tenantOf(request), request.params.uuid!);
    return single('LicenceModel', model, { language: request.language, headers: { ETag: etag } });
  }),
);
