import { documentRoutes } from '../../shared/routes/documents';
import { callerOf, tenantOf } from '../../shared/http/request';
import { httpHandler } from '../../shared/http/handler';
import { single } from '../../shared/http/replies';
import { parseBody } from '../../shared/schemas/body';
import { documentMembers, documentUpdateSchema } from '../../shared/schemas/document';
import { documents } from '../commons/documents';
import { withTenant } from '../../shared/http/tenant';

export const handler = httpHandler(
  documentRoutes.update,
  withTenant(documents, async (request, service) => {
    callerOf(request);
    const { value, ignored } = parseBody(documentUpdateSchema, request.body, documentMembers);
    const model = await service.update(tenantOf(request), request.params.uuid!, value);
    return single('DocumentModel', model, {
      success: { key: 'document.updated' },
      ignored,
      language: request.language,
    });
  }),
);
