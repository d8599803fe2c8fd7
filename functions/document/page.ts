import { documentRoutes } from '../../shared/routes/documents';
import { httpHandler } from '../../shared/http/handler';
import { pageOf, tenantOf } from '../../shared/http/request';
import { pageReply } from '../../shared/http/replies';
import { documents } from '../commons/documents';
import { COLLECTION, stateOf } from './listing';
import { withTenant } from '../../shared/http/tenant';

export const handler = httpHandler(
  documentRoutes.page,
  withTenant(documents, async (request, service) => {
    const page = pageOf(request);
    const state = stateOf(request);
    const listing = await service.page(tenantOf(request), state, page);
    return pageReply(request, COLLECTION, listing, page, documentRoutes.pageNumber);
  }),
);
