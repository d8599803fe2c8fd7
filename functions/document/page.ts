import { documentRoutes } from '../../shared/routes/documents';
import { pageConfiguration } from '../../shared/domain/collection';
import { badRequest } from '../../shared/errors';
import { config } from '../../shared/config';
import { collection, httpHandler, tenantOf, type ApiRequest } from '../../shared/http/handler';
import { documents } from '../commons/documents';
import { COLLECTION, documentsUrl, filterQuery, stateOf } from './listing';

/** `/page` is page 1; `/page/{page}` must be a positive whole number. */
function pageOf(request: ApiRequest): number {
  const text = request.params.page;
  if (text === undefined) return 1;
  const page = Number(text);
  if (!/^[1-9][0-9]*$/.test(text) || !Number.isSafeInteger(page)) throw badRequest([{ key: 'detail.page', params: { field: 'page' } }]);
  return page;
}

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
