/**
 * Which statuses a route can answer besides 200, and with which messages: derived from its method,
 * auth, path, body and query (the shared Middy stack answers those the same way for every route),
 * plus the route's own `answers` from the route table.
 */
import type { MessageKey } from '../i18n/messages';
import { pathVariables, type Route } from '../routes/types';
import { docsOf } from './routes-meta';

/** Path variables named `...uuid` are identifiers; the middleware checks them for every route. */
export const isIdentifierVariable = (name: string): boolean => /uuid$/i.test(name);

/** Every status the route answers besides 200, each with the messages it may carry (sorted by status). */
export function answersOf(route: Route): Map<number, MessageKey[]> {
  const answers = new Map<number, Set<MessageKey>>();
  const add = (status: number, ...keys: readonly MessageKey[]) => {
    const set = answers.get(status) ?? new Set<MessageKey>();
    for (const key of keys) set.add(key);
    answers.set(status, set);
  };
  const variables = pathVariables(route.path);
  const hasBody = docsOf(route).body !== undefined;
  // Every route refuses a query parameter it does not declare (shared/http/query.ts).
  add(400, 'request.invalid');
  if (variables.length) add(400, 'request.malformed_path');
  if (hasBody) add(400, 'request.malformed_json');
  if (route.auth !== 'public') add(401, 'auth.token_missing', 'auth.token_invalid', 'auth.token_expired');
  if (route.auth === 'operator' || route.roles) add(403, 'auth.role_required');
  if (route.auth === 'token' && (variables.includes('clientUuid') || variables.includes('facilityUuid')))
    add(403, 'auth.tenant_forbidden');
  if (route.alternatives) add(406, 'request.not_acceptable');
  if (route.method === 'POST') add(409, 'idempotency.key_reused', 'idempotency.in_progress');
  if (hasBody) {
    add(413, 'request.too_large');
    add(415, 'request.unsupported_media_type');
  }
  const reachesData = route.data !== 'none' || route.files !== 'none';
  // A call to the table or a bucket that IAM refuses is a security event (docs/security.md).
  if (reachesData) add(403, 'auth.access_denied');
  // A function that calls a dependency (table, bucket, Step Functions) answers 503 when it or the time runs out.
  if (reachesData || route.auth === 'operator') add(503, 'server.unavailable', 'server.deadline');
  for (const [status, keys] of Object.entries(route.answers ?? {})) add(Number(status), ...(keys ?? []));
  return new Map([...answers].sort(([a], [b]) => a - b).map(([status, keys]) => [status, [...keys]]));
}
