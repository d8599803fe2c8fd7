/**
 * What each function may do, derived from the route table (its `data`, `files`, `records`, `allTenants` and
 * `executions`): its access level, which picks its role (infra/construct-names.ts roleIdOf) and its grants
 * (infra/access/function-grants.ts). Plain data, no CDK.
 */
import type { EventFunction, Route } from '../../shared/routes';

/** What a function may do with the table and the buckets (from the route table). */
export type Access = Pick<EventFunction, 'data' | 'files'> & Pick<Route, 'records' | 'allTenants'>;

/**
 * The access level of a function, which picks its role (one per resource group and access level): what it may do
 * with the table, the bucket and the executions, and for whom: `tenant` (its path names the one tenant it serves: it
 * reaches data with that tenant's session), `cross-tenant` (a route across tenants: the reports, which find tenants in
 * their `allTenants` partitions and read them with their sessions, and the operator routes), `step` (a maintenance
 * step: the whole table and bucket), or an event function (a role of its own, which also holds its event source's
 * grants, over every facility's items and its `allTenants` partitions).
 */
export interface AccessLevel extends Access {
  readonly executions?: Route['executions'];
  readonly scope: 'tenant' | 'cross-tenant' | 'step' | { readonly event: string };
}

const TENANT_PATH = /\{clientUuid\}.*\{facilityUuid\}/;

/** The route table's fields that say what a function may do: a role is shared only where all of them agree. */
const ACCESS_FIELDS = [
  'data',
  'files',
  'records',
  'allTenants',
  'executions',
] as const satisfies readonly (keyof Route)[];

/** The access level of what the route table says a function may do, for `scope`. */
export function accessLevel(grants: Access & Pick<Route, 'executions'>, scope: AccessLevel['scope']): AccessLevel {
  const granted = Object.fromEntries(ACCESS_FIELDS.flatMap((field) => (grants[field] ? [[field, grants[field]]] : [])));
  return { ...(granted as Access), scope };
}

/** A route's access level, from the route table. */
export const routeAccess = (route: Route): AccessLevel =>
  accessLevel(route, TENANT_PATH.test(route.path) ? 'tenant' : 'cross-tenant');

/** Whether a function reaches the table or a bucket through tenant sessions: a route that reaches data. */
export const usesTenantSessions = ({ scope, data, files, records }: AccessLevel): boolean =>
  (scope === 'tenant' || scope === 'cross-tenant') && (data !== 'none' || files !== 'none' || records !== undefined);

/** The level of the tenant role a function assumes: what it does with one tenant's data. */
export const sessionLevel = ({ data, files, records }: AccessLevel): AccessLevel =>
  accessLevel({ data, files, ...(records ? { records } : {}) }, 'tenant');
