import { httpHandler } from '../../shared/http/handler';
import { callerOf, tenantOf } from '../../shared/http/request';
import { single } from '../../shared/http/replies';
import { withTenant } from '../../shared/http/tenant';
import { licenceRoutes } from '../../shared/routes/material';
import { parseBody } from '../../shared/schemas/body';
import { licenceMembers, licenceUpdateSchema } from '../../shared/schemas/licence';
import { licences } from '../commons/licences';

export const handler = httpHandler(
  licenceRoutes.update,
  withTenant(licences, async (request, service) => {
    const { value, ignored } = parseBody(licenceUpdateSchema, request.body, licenceMembers);
    const { model, etag } = await service.update(
      tenantOf(request),
      callerOf(request),
      request.params.uuid!,
      value,
      request.header('if-match'),
    );
    return single('LicenceModel', model, {
      success: { key: 'licence.updated' },
      ignored,
      language: request.language,
      headers: { ETag: etag },
    });
  }),
);
