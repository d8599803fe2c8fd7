/**
 * The parameters of an operation: its path variables and query parameters, each by the schema its handler takes it
 * with, and the headers it takes (language, Idempotency-Key, If-Match) by reference to the document's components.
 */
import { FLAG_VALUES } from '../http/query';
import { pathVariables, type Route } from '../routes/types';
import { identifier, pageNumber } from '../schemas/fields';
import { isIdentifierVariable } from './answers';
import { type Json, jsonSchemaOf } from './json-schema';
import { docsOf } from './routes-meta';

function parameterSchema(route: Route, name: string): Json {
  if (isIdentifierVariable(name)) return jsonSchemaOf(identifier);
  if (name === 'page') return jsonSchemaOf(pageNumber);
  const declared = docsOf(route).params?.[name];
  return declared ? jsonSchemaOf(declared) : { type: 'string' };
}

/**
 * The query parameters of a route: exactly those the route table declares (Route.query), a flag as `true`/`false`,
 * a text by the schema its handler validates it with (RouteDocs.query). A schema for an undeclared parameter, or a
 * text without one, is a defect of the tables and fails the generation.
 */
function queryParameters(route: Route): Json[] {
  const declared = route.query ?? {};
  const schemas = docsOf(route).query ?? {};
  const stray = Object.keys(schemas).filter((name) => declared[name]?.kind !== 'text');
  if (stray.length) throw new Error(`${route.operation}: query schemas for no text parameter of the route: ${stray}`);
  return Object.entries(declared).map(([name, parameter]) => {
    const schema = schemas[name];
    if (parameter.kind === 'text' && !schema)
      throw new Error(`${route.operation}: text query parameter ${name} has no schema (shared/openapi/routes-meta.ts)`);
    return {
      name,
      in: 'query',
      required: parameter.required ?? false,
      schema: schema ? jsonSchemaOf(schema) : { type: 'string', enum: [...FLAG_VALUES] },
      ...(parameter.kind === 'flag' ? { description: 'Exactly `true` or `false`.' } : {}),
    };
  });
}

/** Every parameter of the route's operation; a file's answer has no language. */
export function parametersOf(route: Route, { isFile }: { isFile: boolean }): Json[] {
  return [
    ...pathVariables(route.path).map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: parameterSchema(route, name),
    })),
    ...queryParameters(route),
    ...(isFile ? [] : [{ $ref: '#/components/parameters/AcceptLanguage' }]),
    ...(route.method === 'POST' ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
    ...(route.headers?.request ?? []).map((name) => ({ $ref: `#/components/parameters/${name.replace('-', '')}` })),
  ];
}
