import { documentRoutes } from '../../shared/routes/documents';
import { idempotentHandler } from '../../shared/http/idempotency';
import { formatTimestamp } from '../../shared/domain/time';
import { callerOf, tenantOf } from '../../shared/http/request';
import { single } from '../../shared/http/replies';
import { parseBody } from '../../shared/schemas/body';
import { documentCreateSchema, documentMembers } from '../../shared/schemas/document';
import { documents } from '../commons/documents';
import { withTenant } from '../../shared/http/tenant';

export const handler = idempotentHandler(
  documentRoutes.create,
  withTenant(documents, async (request, service) => {
    callerOf(request);
    const { value, ignored } = parseBody(documentCreateSchema, request.body, documentMembers);
    const { model, upload } = await service.create(tenantOf(request), value);
    return single('DocumentModel', model, {
      success: { key: 'document.created' },
      ignored,
      language: request.language,
      extra: { Upload: { ...upload, ExpiresAt: formatTimestamp(upload.ExpiresAt) } },
    });
  }),
);
