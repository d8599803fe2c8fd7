import { documentRoutes } from '../../shared/routes/documents';
import { wholeConfiguration } from '../../shared/domain/collection';
import { baseUrl, collection, httpHandler, tenantOf } from '../../shared/http/handler';
import { LATEST_COUNT } from '../../shared/services/documents';
import { documents } from '../commons/documents';
import { COLLECTION, filterQuery, stateOf } from './listing';

/** GET .../documents/latest: the 10 newest documents. */
export const handler = httpHandler(documentRoutes.latest, async (request) => {
  const state = stateOf(request);
  const { items, total } = await documents.latest(tenantOf(request), state);
  const self = `${baseUrl(request)}${request.event.rawPath}${filterQuery(state)}`;
  return collection(COLLECTION, items, wholeConfiguration({ name: COLLECTION, total, cap: LATEST_COUNT, itemsOnPage: items.length, self }), { language: request.language });
});
