import { documentRoutes } from '../../shared/routes/documents';
import { httpHandler } from '../../shared/http/handler';
import { pageOf, tenantOf } from '../../shared/http/request';
import { pageReply } from '../../shared/http/replies';
import { documents } from '../commons/documents';
import { COLLECTION, stateOf } from './listing';

export const handler = httpHandler(documentRoutes.page, async (request) => {
  const page = pageOf(request);
  const state = stateOf(request);
  const listing = await (await documents.of(request)).page(tenantOf(request), state, page);
  return pageReply(request, COLLECTION, listing, page, documentRoutes.pageNumber);
});
