/**
 * The tenant session of a request (shared/clients/tenant-sessions.ts): for a route whose path names a client and a
 * facility, the session of exactly that tenant, asked for once the Middy stack has checked the token against the path
 * and only for a tenant the verified token holds. Handlers reach their services through `withTenant`, so a tenant
 * route's table and bucket calls run with the session's credentials: the function's own role holds no grant on the
 * table or the buckets. Imported only by the functions that reach data.
 */
import { type Caller, holdsTenant } from '../auth/claims';
import { sessionFor } from '../clients/sts';
import { perSession, type TenantSession } from '../clients/tenant-sessions';
import type { Tenant } from '../data/table';
import { AppError } from '../errors';
import type { ApiEvent, ApiRequest } from './types';

const ofEvent = new WeakMap<object, Promise<TenantSession>>();

/** The session of the request's path tenant; one per request (the Idempotency-Key records and the handler share it). */
export function pathSessionOf(
  event: ApiEvent,
  caller: Caller | undefined,
  functionName: string,
): Promise<TenantSession> {
  let session = ofEvent.get(event);
  if (!session) {
    const { clientUuid, facilityUuid } = event.pathParameters ?? {};
    // The token check has run; asked again here, no session is ever made for a tenant the token does not hold.
    if (!clientUuid || !facilityUuid || !caller || !holdsTenant(caller, { client: clientUuid, facility: facilityUuid }))
      throw new AppError(403, 'auth.tenant_forbidden');
    session = sessionFor({ client: clientUuid, facility: facilityUuid }, functionName);
    ofEvent.set(event, session);
  }
  return session;
}

/**
 * Everything built over a session, in one memo: each builder's value (its services over the session's clients) made
 * on first use, kept as long as the session is (a renewed session builds anew).
 */
const builtOver = perSession(() => new Map<unknown, unknown>());

/** What a function builds over a tenant session (its service over the session's clients), once per session. */
export function perTenant<T>(build: (session: TenantSession) => T): TenantServices<T> {
  const over = (session: TenantSession): T => {
    const built = builtOver(session);
    if (!built.has(build)) built.set(build, build(session));
    return built.get(build) as T;
  };
  return {
    over,
    of: async (request) => over(await pathSessionOf(request.event, request.identity, request.functionName)),
    forTenant: async (tenant, functionName) => over(await sessionFor(tenant, functionName)),
  };
}

export interface TenantServices<T> {
  /** For a session at hand. */
  over(session: TenantSession): T;
  /** For the request's path tenant. */
  of(request: ApiRequest): Promise<T>;
  /** For a tenant a cross-tenant function found (the report's document), once it checked the caller may see it. */
  forTenant(tenant: Tenant, functionName: string): Promise<T>;
}

/**
 * A handler given its path tenant's services in one step: `withTenant(containers, async (request, service) => ...)`.
 * The credential path: this module (the request's session, the memo) and shared/clients/tenant-sessions.ts (STS).
 */
export const withTenant =
  <T, R>(services: TenantServices<T>, handle: (request: ApiRequest, service: T) => Promise<R>) =>
  async (request: ApiRequest): Promise<R> =>
    handle(request, await services.of(request));
