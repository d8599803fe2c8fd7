/**
 * The OpenAPI 3.1 document of the service, generated: paths and operations from the route table
 * (shared/openapi/operations.ts), bodies, queries and models from the valibot schemas the handlers validate with
 * (named per operation in shared/openapi/routes-meta.ts), error answers from shared/openapi/answers.ts and the message
 * catalogue. Nothing here lists a route, a field or a message. `npm run openapi` writes it to docs/openapi.json;
 * GET /openapi.json serves it.
 */
import type * as v from 'valibot';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_SECONDS, KEY_PATTERN } from '../http/idempotency-key';
import { RETRY_AFTER_SECONDS } from '../http/middleware';
import { routes as routeTable, type Route } from '../routes';
import { collectionConfiguration, notificationOf, replyNotifications } from '../schemas/envelope';
import { ComponentSchemas } from './components';
import type { Json } from './json-schema';
import { operationIds, operationOf, readAsAnother, tagOf, trailingSlashOperation } from './operations';
import { docsOf } from './routes-meta';

export interface OpenApiOptions {
  /** The routes to describe (the route table by default). */
  routes?: readonly Route[];
  /** The server the document names (the served document names the address it was fetched from). */
  serverUrl?: string;
  version?: string;
}

/**
 * The routes in the order their models are named: the most used schema of a name gets the plain name (ContainerModel,
 * not loadDefault's item), a later one of the same name `Name_{operation}`.
 */
function mostUsedModelsFirst(table: readonly Route[]): Route[] {
  const modelOf = (route: Route) => {
    const reply = docsOf(route).reply;
    return reply && 'model' in reply ? reply.model : undefined;
  };
  const uses = new Map<v.GenericSchema, number>();
  for (const route of table) {
    const model = modelOf(route);
    if (model) uses.set(model, (uses.get(model) ?? 0) + 1);
  }
  const usesOf = (route: Route) => {
    const model = modelOf(route);
    return model ? uses.get(model)! : 0;
  };
  return [...table].sort((a, b) => usesOf(b) - usesOf(a));
}

/** The OpenAPI 3.1 document of the routes. */
export function openApiDocument(options: OpenApiOptions = {}): Json {
  const table = options.routes ?? routeTable;
  const components = new ComponentSchemas();
  components.set('Notification', notificationOf());
  components.set('CollectionConfiguration', collectionConfiguration);
  components.set('Notifications', replyNotifications);
  const ids = operationIds(table);
  const paths: Record<string, Record<string, Json>> = {};

  for (const route of mostUsedModelsFirst(table)) {
    const operation = operationOf(route, ids.get(route)!, components);
    paths[route.path] ??= {};
    paths[route.path]![route.method.toLowerCase()] = operation;
    const other = readAsAnother(route, table);
    if (other) {
      paths[`${route.path}/`] ??= {};
      paths[`${route.path}/`]![route.method.toLowerCase()] = trailingSlashOperation(route, operation, other);
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
      schemas: components.sorted(),
    },
  };
}
