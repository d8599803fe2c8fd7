/**
 * The tenant session of a request (shared/clients/tenant-sessions.ts): for a route whose path names a client and a
 * facility, the session of exactly that tenant, asked for once the Middy stack has checked the token against the path
 * and only for a tenant the verified token holds. Handlers reach their services through `perTenant`, so a tenant
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

/** What a function builds over a tenant session (its service over the session's clients), once per session. */
export function perTenant<T>(build: (session: TenantSession) => T) {
  const over = perSession(build);
  return {
    /** For a session at hand. */
    over,
    /** For the request's path tenant. */
    of: async (request: ApiRequest): Promise<T> =>
      over(await pathSessionOf(request.event, request.identity, request.functionName)),
    /** For a tenant a cross-tenant function found (the report's document), once it checked the caller may see it. */
    forTenant: async (tenant: Tenant, functionName: string): Promise<T> => over(await sessionFor(tenant, functionName)),
  };
}
