import type { DocumentScope, DocumentState } from '../../shared/domain/document';
import type { DocumentCollection } from '../../shared/data/documents';
import { tenantOf } from '../../shared/http/request';
import { httpHandler } from '../../shared/http/handler';
import { wholeReply } from '../../shared/http/replies';
import type { ApiRequest } from '../../shared/http/types';
import { parseQueryText } from '../../shared/schemas/body';
import { stateFilterSchema } from '../../shared/schemas/document';
import { FIND_CAP } from '../../shared/services/documents';
import type { Route } from '../../shared/routes/types';
import { documents } from '../commons/documents';
import { withTenant } from '../../shared/http/tenant';

export const COLLECTION = 'DocumentModelCollection';

/** The optional `?State=ACTIVE|ARCHIVED` filter; anything else is 400. */
export const stateOf = (request: ApiRequest): DocumentState | undefined =>
  parseQueryText(stateFilterSchema, request.query, 'State');

/** An unpaginated listing (find and the scoped ones): up to FIND_CAP documents, a Warning beyond. */
export function wholeListing(
  route: Route,
  collectionOf: (request: ApiRequest, state: DocumentState | undefined) => DocumentCollection,
) {
  return httpHandler(
    route,
    withTenant(documents, async (request, service) => {
      const state = stateOf(request);
      return wholeReply(
        request,
        COLLECTION,
        await service.find(tenantOf(request), collectionOf(request, state)),
        FIND_CAP,
      );
    }),
  );
}

/** The documents of one scope reference (`/device/{deviceUuid}` and the like). */
export const referenceListing = (route: Route, scope: DocumentScope, param: string) =>
  wholeListing(route, (request, state) => ({
    kind: 'reference',
    scope,
    reference: request.params[param]!,
    ...(state ? { state } : {}),
  }));
