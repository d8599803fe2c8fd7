import { httpHandler } from '../../shared/http/handler';
import { single } from '../../shared/http/replies';
import { tenantOf } from '../../shared/http/request';
import { withTenant } from '../../shared/http/tenant';
import { materialRoutes } from '../../shared/routes/material';
import { bookVerifier } from '../commons/book-verifier';
import { yearOf } from '../commons/year';

export const handler = httpHandler(
  materialRoutes.verify,
  withTenant(bookVerifier, async (request, verifier) => {
    const verification = await verifier.verify(tenantOf(request), yearOf(request));
    return single('MaterialBookVerificationModel', verification, { language: request.language });
  }),
);
