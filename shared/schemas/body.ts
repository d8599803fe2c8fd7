/**
 * Reading a JSON body against a resource: members are sorted into writable (validated with the
 * resource's valibot schema), read-only (ignored, reported as a Warning) and unknown (400).
 */
import * as v from 'valibot';
import { badRequest } from '../errors';
import type { Detail } from '../i18n/translate';
import type { DetailKey } from '../i18n/messages';

export interface ParsedBody<T> {
  value: T;
  /** Read-only members that were sent and ignored. */
  ignored: string[];
}

/** valibot issues as detail lines: one per offending field. */
export function issueDetails(issues: readonly v.BaseIssue<unknown>[]): Detail[] {
  return issues.map((issue): Detail => {
    const field = issue.path?.map((p) => String(p.key)).join('.') ?? '';
    if (issue.received === 'undefined') return { key: 'detail.required', params: { field } };
    if (issue.received === 'null') return { key: 'detail.not_null', params: { field } };
    const [key, requirement = ''] = issue.message.split(/:(.*)/s) as [DetailKey, string?];
    return { key, params: { field, requirement } };
  });
}

/**
 * A text query parameter (Route.query) through the schema that documents it (RouteDocs.query): its value, or 400
 * naming the parameter.
 */
export function parseQueryText<S extends v.GenericSchema>(
  schema: S,
  query: Readonly<Record<string, unknown>>,
  name: string,
): v.InferOutput<S> {
  const result = v.safeParse(schema, query[name]);
  if (!result.success)
    throw badRequest(issueDetails(result.issues).map((d) => ({ ...d, params: { ...d.params, field: name } })));
  return result.output;
}

export function parseBody<S extends v.GenericSchema>(
  schema: S,
  body: unknown,
  members: { writable: readonly string[]; readOnly: readonly string[] },
): ParsedBody<v.InferOutput<S>> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest([{ key: 'detail.body_object' }]);
  }
  const writable: Record<string, unknown> = {};
  const ignored: string[] = [];
  const unknown: string[] = [];
  for (const [name, value] of Object.entries(body)) {
    if (members.writable.includes(name)) writable[name] = value;
    else if (members.readOnly.includes(name)) ignored.push(name);
    else unknown.push(name);
  }
  if (unknown.length) {
    throw badRequest(unknown.map((field) => ({ key: 'detail.unknown_member', params: { field } })));
  }
  const result = v.safeParse(schema, writable, { abortPipeEarly: true });
  if (!result.success) throw badRequest(issueDetails(result.issues));
  return { value: result.output, ignored };
}
