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
import { containerRoutes } from './containers';
import { documentRoutes } from './documents';
import { docsRoutes } from './docs';
import { clearanceNoticeRoutes, instrumentRoutes, settingsRoutes } from './facility';
import { maintenanceRoutes } from './maintenance';
import { licenceRoutes, materialRoutes } from './material';
import { measurementRoutes, surveyRoutes } from './measurements';
import { executionRoutes, operationRoutes } from './operations';
import { releaseRoutes } from './releases';
import type { CrossTenantIndex } from '../data/table';
import type { METRIC } from '../metrics';
import { GREEDY, type DataAccess, type ObjectAccess, type Route } from './types';

export * from './types';

const table = [
  ...Object.values(containerRoutes),
  ...Object.values(releaseRoutes),
  ...Object.values(measurementRoutes),
  ...Object.values(surveyRoutes),
  ...Object.values(clearanceNoticeRoutes),
  ...Object.values(instrumentRoutes),
  ...Object.values(settingsRoutes),
  ...Object.values(licenceRoutes),
  ...Object.values(materialRoutes),
  ...Object.values(documentRoutes),
  ...Object.values(maintenanceRoutes),
  ...Object.values(operationRoutes),
  ...Object.values(executionRoutes),
  ...Object.values(docsRoutes),
];

/**
 * The route table's operations (`container.load`). What each operation needs besides its routes is keyed by them
 * (its documentation in shared/openapi/routes-meta.ts, its contract sample in test/contract/routes.test.ts), so a
 * forgotten or misspelt one fails tsc.
 */
export type OperationName = (typeof table)[number]['operation'];
/** A route of the table, its operation one of the table's. */
export type TableRoute = Route & { readonly operation: OperationName };

/**
 * The table. Each resource lists its routes in its own module (so a function bundles only its
 * resource's routes); this is their one aggregate, read by the stack, the local gateway and the tests.
 */
export const routes: readonly TableRoute[] = table;

/**
 * Functions started by events rather than routes: the S3 object-created notification of the
 * document bucket, the table's change stream (the one ordered writer of the sequence memory), and
 * the schedules of the release sweep and the archive check.
 */
export interface EventFunction {
  readonly name: string;
  readonly entry: string;
  /** `schedule`: every RELEASE_SWEEP_SECONDS locally, an EventBridge rate rule of `everyMinutes` on AWS. */
  readonly source: 'files:objectCreated' | 'table:changes' | 'schedule';
  /** A schedule's rate on AWS, in minutes. */
  readonly everyMinutes?: number;
  /** On the function's own role, over every facility's items (no tenant session: an event names no caller). */
  readonly data: DataAccess;
  readonly files: ObjectAccess;
  /** What it does with the release records bucket, on its own role (every facility's). */
  readonly records?: Route['records'];
  /** The cross-tenant partitions it reads or keeps besides (shared/data/table.ts CROSS_TENANT_INDEXES). */
  readonly allTenants?: CrossTenantIndex;
  /** The stage's alarm on what it reports: `name`, raised when its `metrics` (shared/metrics.ts) sum above 0. */
  readonly alarm?: { readonly name: string; readonly metrics: readonly (keyof typeof METRIC)[]; readonly says: string };
}
export const eventFunctions: readonly EventFunction[] = [
  {
    name: 'document.fileStored',
    entry: 'functions/document/file-stored.ts',
    source: 'files:objectCreated',
    data: 'write',
    files: 'read-delete',
  },
  {
    name: 'sequence.changes',
    entry: 'functions/stream/sequence.ts',
    source: 'table:changes',
    data: 'write',
    files: 'none',
    // The all-tenant log's page buckets (its counted shards) besides each facility's counters and buckets.
    allTenants: 'maintenanceLog',
  },
  {
    name: 'container.releaseSweep',
    entry: 'functions/container/release-sweep.ts',
    source: 'schedule',
    everyMinutes: 1,
    data: 'write',
    files: 'none',
    allTenants: 'releaseDue',
  },
  {
    name: 'container.archiveCheck',
    entry: 'functions/container/archive-check.ts',
    source: 'schedule',
    everyMinutes: 24 * 60,
    data: 'write',
    files: 'none',
    records: 'write',
    allTenants: 'archivePending',
    alarm: {
      name: 'ArchiveGaps',
      metrics: ['orphanedRecords', 'unlockedLines'],
      says:
        'The daily archive check found a locked record no release books, or a booked register line without its ' +
        'locked copy (the log names each: docs/writes.md#the-archive-check says what to do).',
    },
  },
];

/** The authorizer is not a route, but is built and bundled like one. */
export const authorizerEntry = 'functions/authorizer.ts';

/**
 * The HTTP API routes that serve those paths. An HTTP API route key may not end in "/" (the deploy
 * fails), so the trailing-slash form is served by a greedy twin `{path}/{proxy+}`; the shared
 * middleware answers 404 when its greedy part is not empty, so `{path}/anything` is still unknown.
 */
export function gatewayPathsOf(route: Route): [string, string] {
  return [route.path, `${route.path}/{${GREEDY}+}`];
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
  gatewayPathsOf(route).map((path) => {
    const names: string[] = [];
    const source = path
      .split('/')
      .map((segment) => {
        const variable = /^\{(\w+)(\+?)\}$/.exec(segment);
        if (!variable) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(variable[1]!);
        return variable[2] ? '(.*)' : '([^/]+)';
      })
      .join('/');
    return { route, path, names, greedy: path.endsWith('+}'), regex: new RegExp(`^${source}$`) };
  }),
);
// API Gateway prefers the most specific route: exact and {variable} paths before greedy ones, and
// among greedy ones the deepest.
const depth = (path: string) => path.split('/').length;
compiled.sort((a, b) => Number(a.greedy) - Number(b.greedy) || (a.greedy ? depth(b.path) - depth(a.path) : 0));

/** A path whose percent-encoding does not decode (`%`, `%ZZ`, a cut UTF-8 sequence): a bad request, not a defect. */
export class MalformedPathError extends Error {
  constructor(readonly rawPath: string) {
    super('malformed percent-encoding in the path');
    this.name = 'MalformedPathError';
  }
}

const decodeSegment = (segment: string, rawPath: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new MalformedPathError(rawPath);
  }
};

/**
 * Matches a request the way API Gateway does: method, path template, greedy twins last. Throws
 * MalformedPathError when a path parameter's percent-encoding does not decode.
 */
export function matchRoute(method: string, rawPath: string): RouteMatch | undefined {
  for (const candidate of compiled) {
    if (candidate.route.method !== method.toUpperCase()) continue;
    const found = candidate.regex.exec(rawPath);
    if (!found) continue;
    const pathParameters: Record<string, string> = {};
    candidate.names.forEach((name, i) => {
      pathParameters[name] = decodeSegment(found[i + 1]!, rawPath);
    });
    return { route: candidate.route, routeKey: routeKey(candidate.route, candidate.path), pathParameters };
  }
  return undefined;
}
