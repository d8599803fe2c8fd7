/**
 * The OpenAPI 3.1 document of the service, generated: paths and operations from the route table,
 * bodies, queries and models from the valibot schemas the handlers validate with (named per
 * operation in shared/openapi/routes-meta.ts), error answers
 * from shared/openapi/answers.ts and the message catalogue. Nothing here lists a route, a field
 * or a message. `npm run openapi` writes it to docs/openapi.json; GET /openapi.json serves it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { TIMESTAMP_PATTERN } from '../domain/time';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_SECONDS, KEY_PATTERN } from '../http/idempotency-key';
import { FLAG_VALUES } from '../http/query';
import { RETRY_AFTER_SECONDS } from '../http/middleware';
import { messages, type MessageKey } from '../i18n/messages';
import { notification } from '../i18n/translate';
import { pathVariables, routes as routeTable, type Route } from '../routes';
import { collectionConfiguration, notificationOf, replyNotifications } from '../schemas/envelope';
import { IDENTIFIER_PATTERN, QUANTITY_MAX } from '../domain/values';
import { identifier, pageNumber } from '../schemas/fields';
import { answersOf, isIdentifierVariable } from './answers';
import { docsOf } from './routes-meta';

type Json = Record<string, unknown>;
const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

const OPERATOR_AUTH = ' Authorized by IAM (SigV4) on AWS; locally a bearer token with role `operator`.';
/** JSON Schema of a valibot schema. Custom checks say what they check in their message (`detail.max_length:128`). */
export function jsonSchemaOf(schema: v.GenericSchema): Json {
  const converted = toJsonSchema(schema, {
    target: 'draft-2020-12',
    typeMode: 'input',
    overrideAction: ({ valibotAction, jsonSchema }) => {
      if (valibotAction.type === 'finite') return jsonSchema;
      if (valibotAction.type !== 'check') return undefined;
      const [key, requirement = ''] = String((valibotAction as { message?: unknown }).message ?? '').split(/:(.*)/s);
      switch (key) {
        case 'detail.min_length':
          return { ...jsonSchema, minLength: Number(requirement) };
        case 'detail.max_length':
          return { ...jsonSchema, maxLength: Number(requirement) };
        case 'detail.timestamp':
          return {
            ...jsonSchema,
            pattern: TIMESTAMP_PATTERN.source,
            description: 'UTC date and time, YYYY-MM-DD HH:MM:SS (a real calendar date)',
          };
        case 'detail.number_range':
          return {
            ...jsonSchema,
            maximum: QUANTITY_MAX,
            description: `0, or from ${requirement.replace(/^\[|\]$/g, '').replace(', ', ' to ')} (stored exactly)`,
          };
        case 'detail.positive':
          return { ...jsonSchema, exclusiveMinimum: 0 };
        case 'detail.filename':
          return { ...jsonSchema, description: 'no control characters, / or \\' };
        default:
          return jsonSchema;
      }
    },
  }) as Json;
  delete converted.$schema;
  return converted;
}

/** An example value for a JSON Schema: the first enum value, a sample of each format, every member. */
export function exampleOf(schema: Json, requiredOnly = false): unknown {
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.examples)) return schema.examples[0];
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (Array.isArray(schema.anyOf)) return exampleOf(schema.anyOf.find((s: Json) => s.type !== 'null') as Json);
  if (typeof schema.$ref === 'string') return exampleOf(componentSchemas.get(schema.$ref.split('/').pop()!) ?? {});
  switch (schema.type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Json>;
      const required = (schema.required ?? []) as string[];
      // A body's example: what it must hold and what is never null.
      const chosen = Object.entries(properties).filter(
        ([name, s]) => !requiredOnly || required.includes(name) || !Array.isArray(s.anyOf),
      );
      return Object.fromEntries(chosen.map(([name, s]) => [name, exampleOf(s)]));
    }
    case 'array':
      return schema.items ? [exampleOf(schema.items as Json)] : [];
    case 'integer':
      return typeof schema.minimum === 'number' ? Math.max(schema.minimum, 1) : 1;
    case 'number':
      return 1250;
    case 'boolean':
      return true;
    case 'string':
      if (schema.pattern === IDENTIFIER_PATTERN.source) return '5b7e2a90-1c44-4b8e-a3f1-6d2c9e8f7a10';
      if (schema.pattern === TIMESTAMP_PATTERN.source) return '2026-11-20 08:15:00';
      if (schema.format === 'uri') return 'https://api.nm-archive.test/document/api/v1/page/1';
      if (typeof schema.pattern === 'string') return undefined;
      return 'Text';
    default:
      return {};
  }
}

/** Component schemas by name, filled while the document is built (exampleOf follows $refs into it). */
const componentSchemas = new Map<string, Json>();

/** The summary and description of an operation: its handler's doc comment (`/** GET ...: what it does. *\/`). */
function handlerComment(route: Route): string {
  const source = readFileSync(path.join(REPO_ROOT, route.entry), 'utf8');
  // The last doc comment before the handler (no `*/` inside it: never a span over earlier comments and code).
  const comment = /\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*export const handler/.exec(source)?.[1] ?? '';
  return comment
    .split('\n')
    .map((line) => line.replace(/^\s*\*\s?/, '').trim())
    .filter(Boolean)
    .join(' ');
}

const sentence = (text: string) => (text ? `${text[0]!.toUpperCase()}${text.slice(1)}` : text);

function summaryOf(route: Route): { summary: string; description: string } {
  const comment = handlerComment(route);
  // The comment starts with the route (`GET .../container/{uuid}: `); the rest says what it does.
  const what = sentence(comment.replace(/^[A-Z]+ [^:]*?: /, '') || route.operation);
  const first = what.split(/(?<=[.;])\s/)[0]!.replace(/[.;]$/, '');
  return { summary: first.length <= 80 ? first : `${first.slice(0, 77)}...`, description: what };
}

const tagOf = (route: Route) => route.operation.split('.')[0]!;

/**
 * operationIds: the route table's operation; a second route of the same operation (`page/{page}`) adds its last
 * variable.
 */
function operationIds(table: readonly Route[]): Map<Route, string> {
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

const errorExample = (keys: readonly MessageKey[]) => ({ Notifications: [notification({ key: keys[0]! }, 'en')] });

function errorResponse(keys: readonly MessageKey[], status: number): Json {
  const lines = keys.map((key) => `- \`${key}\` (${messages[key].code}): ${messages[key].en}`).join('\n');
  return {
    description: `${STATUS_TEXT[status] ?? 'Error'}. One Error notification, \`Message\` one of:\n${lines}`,
    ...(status === 503 ? { headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } } } : {}),
    content: {
      'application/json': {
        schema: {
          type: 'object',
          additionalProperties: false,
          required: ['Notifications'],
          properties: {
            Notifications: {
              type: 'array',
              minItems: 1,
              maxItems: 1,
              items: {
                allOf: [
                  { $ref: '#/components/schemas/Notification' },
                  {
                    properties: {
                      Type: { const: 'Error' },
                      Message: { enum: [...keys] },
                      Code: { enum: keys.map((k) => messages[k].code) },
                    },
                  },
                ],
              },
            },
          },
        },
        example: errorExample(keys),
      },
    },
  };
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request: the path, query or body breaks a rule (one detail line per offending field)',
  401: 'No valid bearer token',
  403: 'The token does not allow this',
  404: 'Not found',
  409: 'Conflict with the current state',
  412: 'If-Match does not match the current ETag',
  413: 'Body too large',
  415: 'Body is not JSON',
  503: 'A dependency is unavailable or time ran out; nothing was written. Try again after Retry-After seconds',
};

/** The extension that marks an operation as the trailing-slash form of another (its operationId). */
export const TRAILING_SLASH_OF = 'x-trailing-slash-of';

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

export interface OpenApiOptions {
  /** The routes to describe (the route table by default). */
  routes?: readonly Route[];
  /** The server the document names (the served document names the address it was fetched from). */
  serverUrl?: string;
  version?: string;
}

/** The OpenAPI 3.1 document of the routes. */
export function openApiDocument(options: OpenApiOptions = {}): Json {
  const table = options.routes ?? routeTable;
  componentSchemas.clear();
  const schemaNames = new Map<v.GenericSchema, string>();
  /** A component for a model schema: its reply name, or the name plus the operation when another schema has it. */
  const component = (schema: v.GenericSchema, name: string, route: Route): Json => {
    let known = schemaNames.get(schema);
    if (!known) {
      known = componentSchemas.has(name) ? `${name}_${route.operation.split('.').pop()}` : name;
      schemaNames.set(schema, known);
      componentSchemas.set(known, jsonSchemaOf(schema));
    }
    return { $ref: `#/components/schemas/${known}` };
  };
  // The most used schema of a name gets the plain name (ContainerModel, not loadDefault's item).
  const modelOf = (route: Route) => {
    const reply = docsOf(route).reply;
    return reply && 'model' in reply ? reply.model : undefined;
  };
  const uses = new Map<v.GenericSchema, number>();
  for (const r of table) {
    const model = modelOf(r);
    if (model) uses.set(model, (uses.get(model) ?? 0) + 1);
  }
  const usesOf = (route: Route) => {
    const model = modelOf(route);
    return model ? uses.get(model)! : 0;
  };
  const ordered = [...table].sort((a, b) => usesOf(b) - usesOf(a));
  componentSchemas.set('Notification', jsonSchemaOf(notificationOf()));
  componentSchemas.set('CollectionConfiguration', jsonSchemaOf(collectionConfiguration));
  componentSchemas.set('Notifications', jsonSchemaOf(replyNotifications));
  const notifications = { $ref: '#/components/schemas/Notifications' };
  const ids = operationIds(table);
  const paths: Record<string, Record<string, Json>> = {};

  for (const route of ordered) {
    const { summary, description } = summaryOf(route);
    const docs = docsOf(route);
    const reply = docs.reply;
    const isFile = reply !== undefined && 'media' in reply;
    const parameters: Json[] = [
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
    let content: Json;
    if (!reply) {
      content = {
        'application/json': {
          schema: { type: 'object', required: ['Notifications'], properties: { Notifications: notifications } },
        },
      };
    } else if ('media' in reply) {
      content = Object.fromEntries(
        reply.media.map((media) => [
          media,
          { schema: media === 'application/json' ? { type: 'object' } : { type: 'string' } },
        ]),
      );
    } else {
      let schema: Json;
      if ('item' in reply) {
        const extra = Object.fromEntries(Object.entries(reply.extra ?? {}).map(([name, s]) => [name, jsonSchemaOf(s)]));
        schema = {
          type: 'object',
          additionalProperties: false,
          required: [reply.item, 'Notifications', ...Object.keys(extra)],
          properties: {
            [reply.item]: component(reply.model, reply.item, route),
            Notifications: notifications,
            ...extra,
          },
        };
      } else if ('collection' in reply) {
        const item = component(reply.model, reply.collection.replace(/Collection$/, ''), route);
        schema = {
          type: 'object',
          additionalProperties: false,
          required: [reply.collection, 'CollectionConfiguration', 'Notifications'],
          properties: {
            [reply.collection]: { type: 'array', items: item },
            CollectionConfiguration: { $ref: '#/components/schemas/CollectionConfiguration' },
            Notifications: notifications,
          },
        };
      } else {
        const object = jsonSchemaOf(reply.object);
        schema = {
          ...object,
          required: [...((object.required as string[]) ?? []), 'Notifications'],
          properties: { ...(object.properties as Json), Notifications: notifications },
        };
      }
      content = { 'application/json': { schema, example: exampleOf(schema) } };
      for (const media of route.alternatives ?? []) content[media] = { schema: { type: 'string' } };
    }
    const responses: Record<string, Json> = {
      200: {
        description: isFile ? 'The file' : 'The answer, with its Notifications',
        ...(route.headers?.response?.length
          ? {
              headers: Object.fromEntries(
                route.headers.response.map((name) => [name, { $ref: `#/components/headers/${name}` }]),
              ),
            }
          : {}),
        content,
      },
    };
    for (const [status, keys] of answersOf(route)) responses[status] = errorResponse(keys, status);
    const body = docs.body ? jsonSchemaOf(docs.body) : undefined;
    const operation: Json = {
      operationId: ids.get(route),
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
              content: { 'application/json': { schema: body, example: exampleOf(body, true) } },
            },
          }
        : {}),
      responses,
    };
    paths[route.path] ??= {};
    paths[route.path]![route.method.toLowerCase()] = operation;
    const other = readAsAnother(route, table);
    if (other) {
      const variable = pathVariables(other.path).pop();
      paths[`${route.path}/`] ??= {};
      paths[`${route.path}/`]![route.method.toLowerCase()] = {
        ...operation,
        operationId: `${operation.operationId}.trailingSlash`,
        [TRAILING_SLASH_OF]: operation.operationId,
        description:
          `${operation.description}\n\nThe same operation as \`${route.path}\`, declared with its trailing slash ` +
          `as a path of its own: a template would read the empty segment as \`{${variable}}\`.`,
      };
    }
  }

  const sortedPaths = Object.fromEntries(
    table
      .flatMap((r) => [r.path, `${r.path}/`])
      .filter((p, i, all) => paths[p] && all.indexOf(p) === i)
      .map((p) => [p, paths[p]!]),
  );
  const tags = [...new Set(table.map(tagOf))].map((name) => ({ name, description: `The ${name} operations.` }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'nm-archive: documents, waste containers and maintenance log',
      version: options.version ?? '0.1.0',
      description: [
        'Every path is also served with a trailing slash (declared as a path of its own where a template would ' +
          'read it as another path). Every JSON answer carries `Notifications`; an error ' +
          'answers ' +
          'exactly one `Error` notification with a stable `Message` code, a stable integer `Code` and one `Details` ' +
          'line per offending field.',
        '`Accept-Language` (English, German; q-values honoured) picks `LocalizedMessage` and `Details`.',
        'An operation takes exactly the query parameters it lists, each at most once: any other, or one given twice, ' +
          'is 400 naming it, before anything runs. A JSON body that names a member twice is 400.',
        'API Gateway answers a request matching no route with 404 `route.not_found`, a path with broken ' +
          'percent-encoding with 400 `request.malformed_path`, a body over 10 MB with 413 and headers over its limit ' +
          'with 431, each with the same Notifications body.',
      ].join('\n\n'),
    },
    servers: [
      {
        url: options.serverUrl ?? 'http://127.0.0.1:3000',
        description: options.serverUrl ? 'This service' : 'The local runtime (npm start)',
      },
    ],
    tags,
    paths: sortedPaths,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            'An RS256 JWT with `sub`, `name`, `clients`, `facilities` and `roles` (`rpo`, `reporter`, `operator`).',
        },
        sigv4: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'AWS Signature Version 4 (IAM authorization of API Gateway), for the /service routes on AWS.',
        },
      },
      parameters: {
        AcceptLanguage: {
          name: 'Accept-Language',
          in: 'header',
          required: false,
          schema: { type: 'string' },
          example: 'de, en;q=0.8',
          description: 'English (default) or German, q-values honoured.',
        },
        IdempotencyKey: {
          name: IDEMPOTENCY_HEADER.replace(/(^|-)(\w)/g, (_, dash: string, c: string) => `${dash}${c.toUpperCase()}`),
          in: 'header',
          required: false,
          schema: { type: 'string', pattern: KEY_PATTERN.source },
          example: 'create-box-7',
          description:
            `The same key with the same body within ${IDEMPOTENCY_SECONDS / 3600} h answers the first ` +
            `result again; with another body it is 409 \`idempotency.key_reused\`.`,
        },
        IfMatch: {
          name: 'If-Match',
          in: 'header',
          required: false,
          schema: { type: 'string' },
          example: '"5b7e2a90-1c44-4b8e-a3f1-6d2c9e8f7a10.1"',
          description: 'The ETag of the version loaded: the update applies only to that version (else 412).',
        },
      },
      headers: {
        ETag: { description: 'The version of the item (strong); send it as If-Match.', schema: { type: 'string' } },
        RetryAfter: {
          description: 'Seconds to wait before trying again.',
          schema: { type: 'integer', const: RETRY_AFTER_SECONDS },
        },
      },
      schemas: Object.fromEntries([...componentSchemas].sort(([a], [b]) => a.localeCompare(b))),
    },
  };
}
