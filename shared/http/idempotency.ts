/**
 * `Idempotency-Key` on POST routes (Powertools Idempotency, its DynamoDB persistence in the service's
 * table, 24 h). A key is scoped to the caller (the token's subject), the route and its path
 * parameters: the same key with the same body from the same caller to the same target answers the
 * first result and does nothing more; with another body it is 409. The same key from another person
 * or to another target is a new request. Without the header a POST is not idempotent.
 *
 * Records are kept in the caller's own partition (`C#{client}#F#{facility}`, SK `IDEMPOTENCY#...`), written with the
 * request's tenant session (shared/http/tenant.ts), so one tenant's retries never touch an item or partition of
 * another; they expire by the table's TTL.
 * Powertools is loaded at the first request that carries the header (shared/http/idempotency-powertools.ts).
 */
import type { JSONValue } from '@aws-lambda-powertools/commons/types';
import { tenantDocumentClient } from '../clients/dynamodb';
import type { TenantSession } from '../clients/tenant-sessions';
import { config } from '../config';
import { dynamoIdempotencyRecords } from '../data/idempotency';
import { keys } from '../data/table';
import { badRequest } from '../errors';
import { pathVariables, type Route } from '../routes/types';
import { httpHandler } from './handler';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_SECONDS, KEY_PATTERN } from './idempotency-key';
import { pathSessionOf } from './tenant';
import { IDEMPOTENCY, type ApiMiddleware, type ApiReply, type ApiRequest } from './types';

type Event = { pathParameters?: Record<string, string | undefined>; headers?: Record<string, string | undefined> };

/** Keys the records by the request's tenant: partition from the path, the hash in the sort key. */
const tenantPartition = (data: JSONValue): string => {
  const { clientUuid = '', facilityUuid = '' } = (data as Event | undefined)?.pathParameters ?? {};
  return keys.tenant({ client: clientUuid, facility: facilityUuid });
};

/** The handler of a POST route: httpHandler with the Idempotency-Key middleware. */
export const idempotentHandler = (route: Route, fn: (request: ApiRequest) => Promise<ApiReply>) =>
  httpHandler(route, fn, [idempotent(route)]);

/**
 * What a key's record is scoped to (a JMESPath over the event): the caller, the route's path parameters (by the
 * route's own variables, so a trailing-slash twin is the same target) and the header. No header, no idempotency.
 */
const keyScopeOf = (route: Route): string =>
  `headers."${IDEMPOTENCY_HEADER}" && {caller: requestContext.authorizer.lambda.sub, ` +
  `${pathVariables(route.path)
    .map((name) => `"path.${name}": pathParameters.${name}, `)
    .join('')}` +
  `key: headers."${IDEMPOTENCY_HEADER}"}`;

/** The middleware of one POST route; its operation names its records, each route with a persistence of its own. */
function idempotent(route: Route): ApiMiddleware {
  type Powertools = ReturnType<typeof import('./idempotency-powertools').powertoolsMiddleware>;
  let loading: Promise<typeof import('./idempotency-powertools')> | undefined;
  // One Powertools middleware per tenant session: its records are read and written with the session's credentials.
  const bySession = new WeakMap<TenantSession, Powertools>();
  const powertools = async (request: Parameters<NonNullable<ApiMiddleware['before']>>[0]): Promise<Powertools> => {
    const session = await pathSessionOf(request.event, request.context.caller, request.context.functionName);
    loading ??= import('./idempotency-powertools');
    const { powertoolsMiddleware } = await loading;
    let middleware = bySession.get(session);
    if (!middleware) {
      middleware = powertoolsMiddleware({
        operation: route.operation,
        records: dynamoIdempotencyRecords(tenantDocumentClient(session), config.tableName),
        partitionOf: tenantPartition,
        eventKeyJmesPath: keyScopeOf(route),
        expiresAfterSeconds: IDEMPOTENCY_SECONDS,
      });
      bySession.set(session, middleware);
    }
    return middleware;
  };
  // Requests whose record this one wrote: only they may remove it again when they fail. (Powertools
  // would remove it for any failed request, so a concurrent retry told "in progress", or one with
  // another body, would delete the first request's record and let a third create again.)
  const owners = new WeakSet<object>();
  return {
    [IDEMPOTENCY]: true,
    before: async (request) => {
      const key = (request.event as Event).headers?.[IDEMPOTENCY_HEADER];
      if (key === undefined) return;
      if (!KEY_PATTERN.test(key))
        throw badRequest([{ key: 'detail.idempotency_key', params: { field: 'Idempotency-Key' } }]);
      const early = (await (await powertools(request)).before?.(request as never)) as undefined;
      owners.add(request);
      return early;
    },
    after: async (request) => {
      if (owners.has(request)) await (await powertools(request)).after?.(request as never);
    },
    onError: async (request) => {
      if (owners.has(request)) await (await powertools(request)).onError?.(request as never);
    },
  };
}
