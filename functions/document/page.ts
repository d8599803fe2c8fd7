import { documentRoutes } from '../../shared/routes/documents';
import { pageConfiguration } from '../../shared/domain/collection';
import { config } from '../../shared/config';
import { collection, httpHandler, pageOf, tenantOf } from '../../shared/http/handler';
import { documents } from '../commons/documents';
import { COLLECTION, documentsUrl, filterQuery, stateOf } from './listing';

/** GET .../documents/page and .../documents/page/{page}: one page of 100, newest first. */
export const handler = httpHandler(documentRoutes.page, async (request) => {
  const page = pageOf(request);
  const state = stateOf(request);
  const { items, total } = await documents.page(tenantOf(request), state, page);
  const configuration = pageConfiguration({
    name: COLLECTION,
    total,
    page,
    pageSize: config.pageSize,
    itemsOnPage: items.length,
    endpoint: (n) => documentsUrl(request, `/page/${n}${filterQuery(state)}`),
  });
  return collection(COLLECTION, items, configuration, { language: request.language });
});
