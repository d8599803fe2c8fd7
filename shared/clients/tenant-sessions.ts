/**
 * Tenant sessions, the second wall of tenant isolation (docs/security.md): a request's table and bucket calls run
 * with credentials of a tenant role assumed with session tags for exactly its client and facility, so IAM refuses
 * any call into another tenant whatever the code asks. This module keeps them: one session per tenant (and role and
 * function) in the execution environment, assumed on first use and renewed while it still covers a presigned
 * upload's lifetime; a failure to get one is a dependency's (503), never a call with other credentials. The call to
 * STS is handed in (shared/clients/sts.ts), so this module imports no SDK.
 */
import type { Tenant } from '../data/table';
import { PRESIGNED_SECONDS } from '../domain/presigned';
import { UnavailableError } from '../retry';

/**
 * The session tags of a tenant session, by what they hold; the tenant role's policy reads them
 * (infra/access/tenant-role.ts).
 */
export const SESSION_TAGS = { client: 'client', facility: 'facility' } as const;

/** A session lasts an hour: the most a role assumed with a function's own session (role chaining) may. */
export const SESSION_SECONDS = 60 * 60;

/**
 * A session is renewed once it would end within a presigned address's lifetime (an address signed with it stops
 * working when it ends), with a minute to spare for clocks.
 */
export const RENEW_BEFORE_SECONDS = Math.max(...Object.values(PRESIGNED_SECONDS)) + 60;

/** At most this many sessions are kept in one execution environment; the oldest is let go first. */
export const MAX_SESSIONS = 200;

export interface SessionCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken: string;
  expiration: Date;
}

/** Credentials that reach one tenant only. */
export interface TenantSession {
  readonly tenant: Tenant;
  readonly credentials: SessionCredentials;
}

/** What a session is asked for: the tenant role, who asks (the function: CloudTrail names it), for which tenant. */
export interface SessionRequest {
  roleArn: string;
  sessionName: string;
  tenant: Tenant;
}

/** One value per session (its clients, its services), made on first use and let go with the session. */
export function perSession<T>(build: (session: TenantSession) => T): (session: TenantSession) => T {
  const built = new WeakMap<TenantSession, T>();
  return (session) => {
    if (!built.has(session)) built.set(session, build(session));
    return built.get(session)!;
  };
}

/** Asks STS for a session of `roleArn` tagged with `tags`, lasting `durationSeconds`. */
export type AssumeRole = (request: {
  roleArn: string;
  sessionName: string;
  tags: { Key: string; Value: string }[];
  durationSeconds: number;
}) => Promise<SessionCredentials>;

/** No session could be had (STS refused, failed or was out of reach): the request is answered 503, nothing is done. */
export class SessionUnavailableError extends UnavailableError {
  constructor(cause: unknown) {
    super(cause, 1);
    this.name = 'SessionUnavailableError';
  }
}

/** A session name STS takes (`[\w+=,.@-]`, 2 to 64 characters): the function's name. */
export const sessionNameOf = (functionName: string): string =>
  (functionName.replace(/[^\w+=,.@-]/g, '-') || 'nm-archive').padEnd(2, '-').slice(0, 64);

/** The sessions of one execution environment: `sessionOf` answers a live session for the request. */
export function tenantSessions(assume: AssumeRole, now: () => number = Date.now) {
  const sessions = new Map<string, Promise<TenantSession>>();
  const fresh = (session: TenantSession) =>
    session.credentials.expiration.getTime() - now() > RENEW_BEFORE_SECONDS * 1000;

  function start(key: string, { roleArn, sessionName, tenant }: SessionRequest): Promise<TenantSession> {
    const assuming = assume({
      roleArn,
      sessionName: sessionNameOf(sessionName),
      tags: [
        { Key: SESSION_TAGS.client, Value: tenant.client },
        { Key: SESSION_TAGS.facility, Value: tenant.facility },
      ],
      durationSeconds: SESSION_SECONDS,
    }).then(
      (credentials): TenantSession => {
        if (!credentials.accessKeyId || !credentials.sessionToken || !(credentials.expiration instanceof Date))
          throw new SessionUnavailableError(new Error('STS answered no session credentials'));
        return { tenant: { client: tenant.client, facility: tenant.facility }, credentials };
      },
      (error: unknown) => {
        throw error instanceof SessionUnavailableError ? error : new SessionUnavailableError(error);
      },
    );
    sessions.set(key, assuming);
    // A failed session is forgotten: the next request asks again.
    assuming.catch(() => {
      if (sessions.get(key) === assuming) sessions.delete(key);
    });
    while (sessions.size > MAX_SESSIONS) sessions.delete(sessions.keys().next().value!);
    return assuming;
  }

  return async function sessionOf(request: SessionRequest): Promise<TenantSession> {
    const key = JSON.stringify([request.roleArn, request.sessionName, request.tenant.client, request.tenant.facility]);
    const held = sessions.get(key);
    if (held) {
      const session = await held;
      if (fresh(session)) return session;
      // Renewed once: requests that find it stale meanwhile wait for the same renewal.
      if (sessions.get(key) === held) sessions.delete(key);
    }
    return sessions.get(key) ?? start(key, request);
  };
}
