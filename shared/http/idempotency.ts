import { tenantDocumentClient } from '../clients/dynamodb';
import { perSession, type TenantSession } from '../clients/tenant-sessions';
import { config } from '../config';
import { dynamoIdempotencyRecords, type IdempotencyRecords } from '../data/idempotency';
import { keys } from '../data/table';
import { AppError, badRequest } from '../errors';
import { logger } from '../observability';
import { adoptIdentity, handOver, newIdentity } from '../replay';
import { pathVariables, type Route } from '../routes/types';
import { httpHandler } from './handler';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_SECONDS, KEY_PATTERN } from './idempotency-key';
import { pathSessionOf } from './tenant';
import { IDEMPOTENCY, type ApiMiddleware, type ApiReply, type ApiRequest } from './types';

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

/**
 * The key's records as a request's identity needs them (shared/replay.ts). A new record carries this attempt's
 * identity. One that replaces a record in progress with the same body (an attempt that failed and handed it over, or
 * whose process stopped and whose time ran out) is that attempt's retry: it runs with that attempt's identity and what
 * it noted, and the record keeps them. The record takes this attempt's noted answer, and goes to the next attempt at
 * once when this one fails.
 */
function replayable(records: IdempotencyRecords): IdempotencyRecords {
  return {
    ...records,
    async create(name, record) {
      const own = newIdentity();
      const created = await records.create(name, { ...record, Seed: own });
      if (created.held) return created;
      const earlier = created.replaced;
      const retry =
        earlier?.Status === 'INPROGRESS' && earlier.Seed !== undefined && earlier.PayloadHash === record.PayloadHash;
      if (retry) await records.update(name, { Seed: earlier.Seed!, Noted: earlier.Noted ?? null });
      adoptIdentity(retry ? earlier.Seed! : own, {
        ...(retry && earlier.Noted !== undefined && earlier.Noted !== null ? { noted: earlier.Noted } : {}),
        note: (answer) => records.update(name, { Noted: answer }),
        handOver: () => records.handOver(name),
      });
      return created;
    },
  };
}

/** The middleware of one POST route; its operation names its records, each route with a persistence of its own. */
function idempotent(route: Route): ApiMiddleware {
  type Powertools = ReturnType<typeof import('./idempotency-powertools.js').powertoolsMiddleware>;
  let loading: Promise<typeof import('./idempotency-powertools.js')> | undefined;
  // One Powertools middleware per tenant session: its records are read and written with the session's credentials.
  // Keyed by the session's tenant: the records lie in the tenant's partition, the hash in the sort key.
  const bySession = (module: typeof import('./idempotency-powertools.js')) =>
    perSession(
      (session): Powertools =>
        module.powertoolsMiddleware({
          operation: route.operation,
          records: replayable(dynamoIdempotencyRecords(tenantDocumentClient(session), config.tableName)),
          partitionOf: () => keys.tenant(session.tenant),
          eventKeyJmesPath: keyScopeOf(route),
          expiresAfterSeconds: IDEMPOTENCY_SECONDS,
        }),
    );
  let ofSession: ((session: TenantSession) => Powertools) | undefined;
  const powertools = async (request: Parameters<NonNullable<ApiMiddleware['before']>>[0]): Promise<Powertools> => {
    // The session (STS, the first time) and the module (imported only by requests with the header) at once.
    loading ??= import('./idempotency-powertools.js');
    const [session, module] = await Promise.all([
      pathSessionOf(request.event, request.context.caller, request.context.functionName),
      loading,
    ]);
    ofSession ??= bySession(module);
    return ofSession(session);
  };
  // Requests whose record this one wrote: only they may remove it again when they fail. (Powertools
  // would remove it for any failed request, so a concurrent retry told "in progress", or one with
  // another body, would delete the first request's record and let a third create again.)
  const owners = new WeakSet<object>();
  return {
    [IDEMPOTENCY]: true,
    before: async (request) => {
      const key = request.event.headers?.[IDEMPOTENCY_HEADER];
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
      if (!owners.has(request)) return;
      // Refused (4xx): nothing was done, the record goes and the key may be used again. Failed otherwise: what the
      // attempt did is unknown, so its record (and identity) goes to the retry, which meets its own earlier effect.
      if (request.error instanceof AppError && request.error.statusCode < 500)
        await (await powertools(request)).onError?.(request as never);
      else
        await handOver().catch((error: unknown) =>
          // No time or no table left to hand it over: it stays in progress until its deadline, then it is the retry's.
          logger.warn('idempotency record not handed over', { error: error as Error }),
        );
    },
  };
}
