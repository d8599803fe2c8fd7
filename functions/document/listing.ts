/** What the document listing functions share: the State filter, addresses, and the unpaginated listing. */
import * as v from 'valibot';
import type { DocumentScope, DocumentState } from '../../shared/domain/document';
import type { DocumentCollection } from '../../shared/data/documents';
import { badRequest } from '../../shared/errors';
import { tenantOf } from '../../shared/http/request';
import { httpHandler } from '../../shared/http/handler';
import { wholeReply } from '../../shared/http/replies';
import type { ApiRequest } from '../../shared/http/types';
import { issueDetails } from '../../shared/schemas/body';
import { stateFilterSchema } from '../../shared/schemas/document';
import { FIND_CAP } from '../../shared/services/documents';
import type { Route } from '../../shared/routes/types';
import { documents } from '../commons/documents';

export const COLLECTION = 'DocumentModelCollection';

/** The optional `?State=ACTIVE|ARCHIVED` filter; anything else is 400. */
export function stateOf(request: ApiRequest): DocumentState | undefined {
  const result = v.safeParse(stateFilterSchema, request.query.State);
  if (!result.success)
    throw badRequest(issueDetails(result.issues).map((d) => ({ ...d, params: { ...d.params, field: 'State' } })));
  return result.output;
}

/** The query string the endpoints keep (the State filter). */
export const filterQuery = (state: DocumentState | undefined) => (state ? `?State=${state}` : '');

/** An unpaginated listing (find and the scoped ones): up to FIND_CAP documents, a Warning beyond. */
export function wholeListing(
  route: Route,
  collectionOf: (request: ApiRequest, state: DocumentState | undefined) => DocumentCollection,
) {
  return httpHandler(route, async (request) => {
    const state = stateOf(request);
    return wholeReply(
      request,
      COLLECTION,
      await (await documents.of(request)).find(tenantOf(request), collectionOf(request, state)),
      FIND_CAP,
      filterQuery(state),
    );
  });
}

/** The documents of one scope reference (`/device/{deviceUuid}` and the like). */
export const referenceListing = (route: Route, scope: DocumentScope, param: string) =>
  wholeListing(route, (request, state) => ({
    kind: 'reference',
    scope,
    reference: request.params[param]!,
    ...(state ? { state } : {}),
  }));
