/**
 * The caller from the token claims (DESIGN §2) and its hand-over from the authorizer to the handlers.
 * API Gateway passes the authorizer's context to the function as
 * `event.requestContext.authorizer.lambda`; arrays travel comma-joined (identifiers hold no comma).
 */
import type { MessageKey } from '../i18n/messages';

export const ROLES = ['rpo', 'reporter', 'operator'] as const;

/** The caller of a request, from its token: the one type of who is asking. */
export interface Caller {
  sub: string;
  name: string | undefined;
  clients: string[];
  facilities: string[];
  roles: string[];
  /** Token expiry, epoch seconds. */
  exp: number;
}

/** Whether the token holds the client and the facility (each one that is given). */
export const holdsTenant = (
  caller: Pick<Caller, 'clients' | 'facilities'>,
  { client, facility }: { client?: string; facility?: string },
): boolean =>
  (client === undefined || caller.clients.includes(client)) &&
  (facility === undefined || caller.facilities.includes(facility));

/** What the authorizer hands over: the identity, or why there is none. */
export interface AuthorizerContext {
  sub?: string;
  name?: string;
  clients?: string;
  facilities?: string;
  roles?: string;
  exp?: number;
  error?: MessageKey;
}

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((v) => typeof v === 'string' && !v.includes(','));

/** Throws when the verified payload does not carry the claims the service needs. */
export function identityFromClaims(payload: Record<string, unknown>): Caller {
  const { sub, name, clients, facilities, roles, exp } = payload;
  if (typeof sub !== 'string' || sub === '' || typeof exp !== 'number')
    throw new Error('sub and exp claims are required');
  if (!isStringArray(clients) || !isStringArray(facilities))
    throw new Error('clients and facilities must be arrays of strings');
  if (roles !== undefined && !isStringArray(roles)) throw new Error('roles must be an array of strings');
  if (name !== undefined && typeof name !== 'string') throw new Error('name must be a string');
  return { sub, name, clients, facilities, roles: roles ?? [], exp };
}

export function toAuthorizerContext(identity: Caller): AuthorizerContext {
  return {
    sub: identity.sub,
    ...(identity.name !== undefined ? { name: identity.name } : {}),
    clients: identity.clients.join(','),
    facilities: identity.facilities.join(','),
    roles: identity.roles.join(','),
    exp: identity.exp,
  };
}

const split = (value: string | undefined) => (value ? value.split(',') : []);

/** The identity in a handler's event, or the catalogue key of why the request is unauthenticated. */
export function identityFromContext(context: AuthorizerContext | undefined, now: Date): Caller | { error: MessageKey } {
  if (!context || (!context.sub && !context.error)) return { error: 'auth.token_missing' };
  if (context.error) return { error: context.error };
  const exp = Number(context.exp);
  // The authorizer's answer is cached (300 s); a token that expired since is expired all the same.
  if (!Number.isFinite(exp) || exp * 1000 <= now.getTime()) return { error: 'auth.token_expired' };
  return {
    sub: context.sub!,
    name: context.name,
    clients: split(context.clients),
    facilities: split(context.facilities),
    roles: split(context.roles),
    exp,
  };
}
