/**
 * The operation table of the typed client (clients/typescript/src/operations.ts), read from the OpenAPI document alone:
 * for each operation its method and path, which parameter goes where, whether it takes a body, an If-Match, an
 * Idempotency-Key, what its answer holds (the one model of its envelope, a listing's items with their
 * CollectionConfiguration, an ETag) and whether it is a paginated listing (a `{page}` in its path and a
 * CollectionConfiguration in its answer). Nothing here names a route: a route added to the table appears in the
 * client with `npm run openapi`.
 */
import type { Json } from './json-schema';
import { TRAILING_SLASH_OF } from './operations';

export const CLIENT_DIR = 'clients/typescript';
export const CLIENT_TYPES_FILE = `${CLIENT_DIR}/src/openapi.ts`;
export const CLIENT_OPERATIONS_FILE = `${CLIENT_DIR}/src/operations.ts`;

/** The envelope's member that says where a listing's page lies. */
const COLLECTION = 'CollectionConfiguration';
const NOTIFICATIONS = 'Notifications';
/** The path parameter of a listing's numbered pages. */
const PAGE = 'page';
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/**
 * Names an operation's segment may not take, as it becomes a property of the client's tree: anywhere, what every
 * object has (Object.prototype's) and `then` (an object with it is awaited as a promise); below an operation, which is
 * a function, what every function has; below a paginated listing, its iterators.
 */
const RESERVED_EVERYWHERE = new Set([...Object.getOwnPropertyNames(Object.prototype), 'then']);
const RESERVED_BELOW_OPERATION = new Set([...Object.getOwnPropertyNames(Function.prototype), 'prototype']);
const RESERVED_BELOW_LISTING = new Set(['pages', 'items']);
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

export interface ClientOperation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** Whether the operation takes a JSON body: 'required', 'optional' or 'none'. */
  body: 'required' | 'optional' | 'none';
  ifMatch: boolean;
  idempotencyKey: boolean;
  /** Whether the caller's bearer token goes with it (false: a public operation). */
  auth: boolean;
  /** The status of its answer. */
  success: number;
  /** The media types of its answer, JSON first where it has it. */
  media: string[];
  /** Whether its JSON answer is an envelope that holds Notifications. */
  notifications: boolean;
  /** The member the answer is unwrapped to: the envelope's one model, or a listing's items; null: the whole answer. */
  member: string | null;
  /** Whether its answer holds a CollectionConfiguration. */
  collection: boolean;
  /** Whether its answer carries the item's ETag. */
  etag: boolean;
  /** A listing of numbered pages: the iterators walk it. */
  paginated: boolean;
}

/** The parts of an OpenAPI document the table reads. */
type Ref = { $ref: string };
interface Parameter {
  name: string;
  in: string;
}
interface MediaObject {
  schema?: Ref | { properties?: Record<string, unknown> };
}
interface Response {
  headers?: Record<string, unknown>;
  content?: Record<string, MediaObject>;
}
interface OperationObject {
  operationId: string;
  security?: unknown[];
  parameters?: (Parameter | Ref)[];
  requestBody?: { required?: boolean } | Ref;
  responses?: Record<string, Response | Ref>;
  [TRAILING_SLASH_OF]?: string;
}
interface Document {
  paths?: Record<string, Partial<Record<string, OperationObject>>>;
  security?: unknown[];
}

/** A part of the document, its `$ref` followed. */
function resolve<T>(document: Json, value: T | Ref): T {
  if (typeof (value as Ref).$ref !== 'string') return value as T;
  const ref = (value as Ref).$ref;
  let target: unknown = document;
  for (const key of ref.replace(/^#\//, '').split('/'))
    target = (target as Json | undefined)?.[key.replaceAll('~1', '/').replaceAll('~0', '~')];
  if (target === undefined) throw new Error(`unresolved ${ref}`);
  return resolve<T>(document, target as T | Ref);
}

function operationOf(document: Json, path: string, method: string, operation: OperationObject): ClientOperation {
  const id = operation.operationId;
  const parameters = (operation.parameters ?? []).map((p) => resolve<Parameter>(document, p));
  const named = (where: string) => parameters.filter((p) => p.in === where).map((p) => p.name);
  const pathParams = named('path');
  const queryParams = named('query');
  const headers = named('header');
  const clash = pathParams.find((name) => queryParams.includes(name));
  if (clash) throw new Error(`${id}: ${clash} is both a path and a query parameter`);
  const responses = operation.responses ?? {};
  const successes = Object.keys(responses).filter((status) => /^2\d\d$/.test(status));
  if (successes.length !== 1) throw new Error(`${id}: the client takes one success status, not ${successes.length}`);
  const success = resolve<Response>(document, responses[successes[0]!]!);
  const content = success.content ?? {};
  const media = Object.keys(content).sort(
    (a, b) => Number(b === 'application/json') - Number(a === 'application/json'),
  );
  const schema = content['application/json']?.schema;
  const members = Object.keys((schema ? resolve(document, schema) : {}).properties ?? {});
  const notifications = members.includes(NOTIFICATIONS);
  const collection = members.includes(COLLECTION);
  const models = members.filter((m) => m !== NOTIFICATIONS && m !== COLLECTION);
  const requestBody = operation.requestBody ? resolve(document, operation.requestBody) : undefined;
  return {
    method: method.toUpperCase(),
    path,
    pathParams,
    queryParams,
    body: !requestBody ? 'none' : requestBody.required ? 'required' : 'optional',
    ifMatch: headers.includes('If-Match'),
    idempotencyKey: headers.includes('Idempotency-Key'),
    auth: (operation.security ?? (document as Document).security ?? []).length > 0,
    success: Number(successes[0]),
    media,
    notifications,
    member: notifications && models.length === 1 ? models[0]! : null,
    collection,
    etag: Object.keys(success.headers ?? {}).includes('ETag'),
    paginated: collection && pathParams.includes(PAGE),
  };
}

/** Every operation of the document but the trailing-slash forms (the same operations), by operationId. */
export function clientOperations(document: Json): Record<string, ClientOperation> {
  const table: Record<string, ClientOperation> = {};
  for (const [path, item] of Object.entries((document as Document).paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation || operation[TRAILING_SLASH_OF]) continue;
      table[operation.operationId] = operationOf(document, path, method, operation);
    }
  }
  for (const id of Object.keys(table)) {
    const segments = id.split('.');
    const refused = segments.find((segment, i) => {
      const parent = table[segments.slice(0, i).join('.')];
      return (
        !IDENTIFIER.test(segment) ||
        RESERVED_EVERYWHERE.has(segment) ||
        (parent && RESERVED_BELOW_OPERATION.has(segment)) ||
        (parent?.paginated && RESERVED_BELOW_LISTING.has(segment))
      );
    });
    if (refused !== undefined) throw new Error(`${id}: "${refused}" cannot name a member of the client`);
  }
  return table;
}

/** The source of clients/typescript/src/operations.ts. */
export function clientOperationsSource(document: Json, documentFile: string): string {
  return (
    `// Generated by npm run openapi from ${documentFile}; do not edit.\n` +
    '/** Every operation of the API by its operationId: how the client calls it and unwraps its answer. */\n' +
    `export const OPERATIONS = ${JSON.stringify(clientOperations(document), null, 2)} as const;\n`
  );
}
