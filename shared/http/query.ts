/**
 * The query string of a request against what its route declares (Route.query): nothing it does not declare, nothing
 * twice, flags exactly `true` or `false`, every required one present. Read from the raw query string, since API
 * Gateway joins a repeated parameter's values with commas in `queryStringParameters`. No schema library: every
 * function runs it.
 */
import { refuseBreaches } from '../errors';
import type { Detail } from '../i18n/translate';
import type { Route } from '../routes/types';

/** What a flag may be, exactly. */
export const FLAG_VALUES = ['true', 'false'] as const;

/** A request's query: each declared parameter given, a flag as a boolean, a text as given. */
export type Query = Readonly<Record<string, string | boolean>>;

/** The route's query from the raw query string; throws 400 naming every parameter that breaks a rule. */
export function queryOf(route: Pick<Route, 'query'>, rawQueryString: string | undefined): Query {
  const declared = route.query ?? {};
  const query: Record<string, string | boolean> = Object.create(null);
  const problems: Detail[] = [];
  const seen = new Set<string>();
  const problem = (key: Detail['key'], field: string) => {
    if (!problems.some((p) => p.key === key && p.params?.field === field)) problems.push({ key, params: { field } });
  };
  for (const [name, value] of new URLSearchParams(rawQueryString ?? '')) {
    const parameter = Object.hasOwn(declared, name) ? declared[name] : undefined;
    if (!parameter) problem('detail.unknown_parameter', name);
    else if (seen.has(name)) problem('detail.repeated', name);
    else if (parameter.kind === 'flag' && !(FLAG_VALUES as readonly string[]).includes(value))
      problem('detail.type_boolean', name);
    else query[name] = parameter.kind === 'flag' ? value === 'true' : value;
    seen.add(name);
  }
  for (const [name, parameter] of Object.entries(declared))
    if (parameter.required && !seen.has(name)) problem('detail.required', name);
  refuseBreaches(problems);
  return query;
}
