import { documentRoutes } from '../../shared/routes/documents';
import { httpHandler } from '../../shared/http/handler';
import { tenantOf } from '../../shared/http/request';
import { wholeReply } from '../../shared/http/replies';
import { LATEST_COUNT } from '../../shared/services/documents';
import { documents } from '../commons/documents';
import { COLLECTION, stateOf } from './listing';
import { withTenant } from '../../shared/http/tenant';

export const handler = httpHandler(
  documentRoutes.latest,
  withTenant(documents, async (request, service) => {
    const state = stateOf(request);
    return wholeReply(request, COLLECTION, await service.latest(tenantOf(request), state), LATEST_COUNT);
  }),
);
