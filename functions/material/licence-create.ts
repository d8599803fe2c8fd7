import { idempotentHandler } from '../../shared/http/idempotency';
import { callerOf, tenantOf } from '../../shared/http/request';
import { single } from '../../shared/http/replies';
import { withTenant } from '../../shared/http/tenant';
import { licenceRoutes } from '../../shared/routes/material';
import { parseBody } from '../../shared/schemas/body';
import { licenceCreateSchema, licenceMembers } from '../../shared/schemas/licence';
import { licences } from '../commons/licences';

export const handler = idempotentHandler(
  licenceRoutes.create,
  withTenant(licences, async (request, service) => {
    const { value, ignored } = parseBody(licenceCreateSchema, request.body, licenceMembers);
    const { model, etag } = await service.create(tenantOf(request), callerOf(request), value);
    return single('LicenceModel', model, {
      success: { key: 'licence.created' },
      ignored,
      language: request.language,
      headers: { ETag: etag },
    });
  }),
);
