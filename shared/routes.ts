/**
 * The route table: the single list of endpoints. The CDK stack creates one function and the HTTP
 * API routes from it, the local gateway dispatches from it, the contract tests iterate it.
 * Nothing else lists routes.
 *
 * - `path` is the interface path without trailing slash; every route is also served with one.
 * - `auth`: `public` (no token), `token` (JWT from the authorizer; tenant checked when the path
 *   holds {clientUuid}/{facilityUuid}), `operator` (IAM on AWS; a token with role `operator` locally).
 * - `data`: the grant the function gets on the table, `files` on the document bucket (least privilege).
 * - One handler entry may serve several routes (`page` and `page/{page}`): one function, two routes.
 */
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];
export type AuthKind = 'public' | 'token' | 'operator';
export type DataAccess = 'none' | 'read' | 'write';
/** What a function does with document files: `read` presigns downloads, `write` presigns uploads too. */
export type FileAccess = 'none' | 'read' | 'write';

export interface Route {
  /** Interface operation name, unique (`container.load`). */
  readonly operation: string;
  readonly method: HttpMethod;
  readonly path: string;
  /** Handler module, relative to the repository root; it exports `handler`. */
  readonly entry: string;
  readonly auth: AuthKind;
  readonly data: DataAccess;
  readonly files: FileAccess;
}

const CONTAINER = '/waste-management/api/v1/{clientUuid}/{facilityUuid}/container';

const DOCUMENTS = '/document/api/v1/{clientUuid}/{facilityUuid}/documents';
const read = { auth: 'token', data: 'read', files: 'read' } as const;

export const routes: readonly Route[] = [
  { operation: 'container.loadDefault', method: 'GET', path: CONTAINER, entry: 'functions/container/load-default.ts', auth: 'public', data: 'none', files: 'none' },
  { operation: 'container.load', method: 'GET', path: `${CONTAINER}/{uuid}`, entry: 'functions/container/load.ts', auth: 'token', data: 'read', files: 'none' },
  { operation: 'container.create', method: 'POST', path: CONTAINER, entry: 'functions/container/create.ts', auth: 'token', data: 'write', files: 'none' },
  { operation: 'container.update', method: 'PUT', path: `${CONTAINER}/{uuid}`, entry: 'functions/container/update.ts', auth: 'token', data: 'write', files: 'none' },
  { operation: 'container.delete', method: 'DELETE', path: `${CONTAINER}/{uuid}`, entry: 'functions/container/delete.ts', auth: 'token', data: 'write', files: 'none' },

  { operation: 'document.find', method: 'GET', path: DOCUMENTS, entry: 'functions/document/find.ts', ...read },
  { operation: 'document.page', method: 'GET', path: `${DOCUMENTS}/page`, entry: 'functions/document/page.ts', ...read },
  { operation: 'document.page', method: 'GET', path: `${DOCUMENTS}/page/{page}`, entry: 'functions/document/page.ts', ...read },
  { operation: 'document.latest', method: 'GET', path: `${DOCUMENTS}/latest`, entry: 'functions/document/latest.ts', ...read },
  { operation: 'document.facility', method: 'GET', path: `${DOCUMENTS}/facility`, entry: 'functions/document/facility.ts', ...read },
  { operation: 'document.documentFolder', method: 'GET', path: `${DOCUMENTS}/document-folder/{documentFolderUuid}`, entry: 'functions/document/document-folder.ts', ...read },
  { operation: 'document.record', method: 'GET', path: `${DOCUMENTS}/record/{recordUuid}`, entry: 'functions/document/record.ts', ...read },
  { operation: 'document.device', method: 'GET', path: `${DOCUMENTS}/device/{deviceUuid}`, entry: 'functions/document/device.ts', ...read },
  { operation: 'document.maintenanceLogEntry', method: 'GET', path: `${DOCUMENTS}/maintenance-log-entry/{maintenanceLogEntryUuid}`, entry: 'functions/document/maintenance-log-entry.ts', ...read },
  { operation: 'document.generator', method: 'GET', path: `${DOCUMENTS}/generator/{generatorUuid}`, entry: 'functions/document/generator.ts', ...read },
  { operation: 'document.cyclotronProduct', method: 'GET', path: `${DOCUMENTS}/cyclotron-product/{cyclotronProductUuid}`, entry: 'functions/document/cyclotron-product.ts', ...read },
  { operation: 'document.create', method: 'POST', path: DOCUMENTS, entry: 'functions/document/create.ts', auth: 'token', data: 'write', files: 'write' },
  { operation: 'document.update', method: 'PUT', path: `${DOCUMENTS}/{uuid}`, entry: 'functions/document/update.ts', auth: 'token', data: 'write', files: 'read' },
  { operation: 'document.report', method: 'GET', path: '/document/report-api/v1/document/{uuid}', entry: 'functions/document/report.ts', ...read },
];

/** Functions started by events rather than routes: the S3 object-created notification of the document bucket. */
export interface EventFunction {
  readonly name: string;
  readonly entry: string;
  readonly source: 'files:objectCreated';
  readonly data: DataAccess;
  readonly files: FileAccess | 'write-delete';
}
export const eventFunctions: readonly EventFunction[] = [
  { name: 'document.fileStored', entry: 'functions/document/file-stored.ts', source: 'files:objectCreated', data: 'write', files: 'write-delete' },
];

/** The authorizer is not a route, but is built and bundled like one. */
export const authorizerEntry = 'functions/authorizer.ts';

export function routeFor(operation: string): Route {
  const route = routes.find((r) => r.operation === operation);
  if (!route) throw new Error(`No route for operation ${operation}`);
  return route;
}

/** The two API paths of a route: as in the interface and with a trailing slash. */
export function pathsOf(route: Route): [string, string] {
  return [route.path, `${route.path}/`];
}

/** The route key API Gateway puts into `event.routeKey` (`GET /a/{b}`). */
export function routeKey(route: Route, path = route.path): string {
  return `${route.method} ${path}`;
}

export interface RouteMatch {
  route: Route;
  routeKey: string;
  pathParameters: Record<string, string>;
}

const compiled = routes.flatMap((route) =>
  pathsOf(route).map((path) => {
    const names: string[] = [];
    const source = path
      .split('/')
      .map((segment) => {
        const variable = /^\{(\w+)\}$/.exec(segment);
        if (!variable) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(variable[1]!);
        return '([^/]+)';
      })
      .join('/');
    return { route, path, names, regex: new RegExp(`^${source}$`) };
  }),
);

/**
 * Matches a request the way API Gateway does: exact path template, method, trailing-slash twin.
 * Returns `undefined` for no route, `{ methodMismatch: true }` if the path exists for another method.
 */
export function matchRoute(method: string, rawPath: string): RouteMatch | undefined {
  for (const candidate of compiled) {
    if (candidate.route.method !== method.toUpperCase()) continue;
    const found = candidate.regex.exec(rawPath);
    if (!found) continue;
    const pathParameters: Record<string, string> = {};
    candidate.names.forEach((name, i) => {
      pathParameters[name] = decodeURIComponent(found[i + 1]!);
    });
    return { route: candidate.route, routeKey: routeKey(candidate.route, candidate.path), pathParameters };
  }
  return undefined;
}
