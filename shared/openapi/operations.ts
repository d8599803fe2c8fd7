/**
 * The operation of a route: its id, tag, words (Route.summary), security, parameters, body and answers; and the
 * trailing-slash form a template tool would read as another path, declared as an operation of its own.
 */
import { pathVariables, type Route } from '../routes/types';
import type { ComponentSchemas } from './components';
import { exampleOf, type Json, jsonSchemaOf } from './json-schema';
import { parametersOf } from './parameters';
import { responsesOf } from './responses';
import { docsOf } from './routes-meta';

const OPERATOR_AUTH = ' Authorized by IAM (SigV4) on AWS; locally a bearer token with role `operator`.';

/** The extension that marks an operation as the trailing-slash form of another (its operationId). */
export const TRAILING_SLASH_OF = 'x-trailing-slash-of';

export const tagOf = (route: Route) => route.operation.split('.')[0]!;

/** The route's words: their first sentence (at most 80 characters) is the summary, all of them the description. */
function summaryOf(route: Route): { summary: string; description: string } {
  const first = route.summary.split(/(?<=[.;])\s/)[0]!.replace(/[.;]$/, '');
  return { summary: first.length <= 80 ? first : `${first.slice(0, 77)}...`, description: route.summary };
}

/**
 * operationIds: the route table's operation; a second route of the same operation (`page/{page}`) adds its last
 * variable.
 */
export function operationIds(table: readonly Route[]): Map<Route, string> {
  const ids = new Map<Route, string>();
  const seen = new Set<string>();
  for (const route of table) {
    let id = route.operation;
    if (seen.has(id)) id = `${id}.${pathVariables(route.path).pop() ?? route.method.toLowerCase()}`;
    seen.add(id);
    ids.set(route, id);
  }
  return ids;
}

/** The operation object of a route; its models become components of the document. */
export function operationOf(route: Route, operationId: string, components: ComponentSchemas): Json {
  const { summary, description } = summaryOf(route);
  const docs = docsOf(route);
  const reply = docs.reply;
  const parameters = parametersOf(route, { isFile: reply !== undefined && 'media' in reply });
  const responses = responsesOf(route, reply, components);
  const body = docs.body ? jsonSchemaOf(docs.body) : undefined;
  return {
    operationId,
    tags: [tagOf(route)],
    summary,
    description: route.auth === 'operator' ? `${description}${OPERATOR_AUTH}` : description,
    security:
      route.auth === 'public' ? [] : route.auth === 'operator' ? [{ sigv4: [] }, { bearer: [] }] : [{ bearer: [] }],
    ...(parameters.length ? { parameters } : {}),
    ...(body
      ? {
          requestBody: {
            required: !route.optionalBody,
            description:
              'Members of the model that are read-only are ignored with a Warning; any other unknown member is 400.',
            content: { 'application/json': { schema: body, example: exampleOf(body, { requiredOnly: true }) } },
          },
        }
      : {}),
    responses,
  };
}

/**
 * Every route is also served with a trailing slash (gatewayPathsOf). Where another route of the same method is the
 * path with one more variable segment, a template tool would read `{path}/` as that route with an empty variable
 * (`GET .../container/` as `.../container/{uuid}`): that route, whose form the document declares as a path of its own.
 */
export function readAsAnother(route: Route, table: readonly Route[]): Route | undefined {
  return table.find(
    (other) =>
      other.method === route.method &&
      other.path.startsWith(`${route.path}/`) &&
      /^\{\w+\}$/.test(other.path.slice(route.path.length + 1)),
  );
}

/** The trailing-slash form of `operation` (of `route`), which a template would read as `other`. */
export function trailingSlashOperation(route: Route, operation: Json, other: Route): Json {
  const variable = pathVariables(other.path).pop();
  return {
    ...operation,
    operationId: `${operation.operationId}.trailingSlash`,
    [TRAILING_SLASH_OF]: operation.operationId,
    description:
      `${operation.description}\n\nThe same operation as \`${route.path}\`, declared with its trailing slash ` +
      `as a path of its own: a template would read the empty segment as \`{${variable}}\`.`,
  };
}
