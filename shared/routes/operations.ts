import {
  FLAG,
  REQUIRED_TEXT,
  TEXT,
  type DataAccess,
  type ObjectAccess,
  type QueryParameter,
  type Route,
} from './types';

/**
 * The maintenance operations of interface §4.5. Each has a step function (driven by its Step
 * Functions state machine, on AWS and locally) and a `/service/...` route that starts an execution
 * (IAM on AWS; a token with role `operator` locally).
 */
export interface OperationDefinition<Name extends string = string> {
  /** As in the interface (`regenerateSequenceMemory`). */
  readonly name: Name;
  /** The `/service/...` path segment, also the ops CLI's name for it. */
  readonly slug: string;
  /**
   * What it works on: the whole table (in parallel scan segments, shared/operations/segments.ts), one client, or one
   * facility of a client; the start route's path names the client and the facility (`/{clientUuid}/{facilityUuid}`).
   */
  readonly scope: OperationScope;
  /**
   * Query parameters its start route takes besides `dryRun` (and a whole-table operation's `segments`), by name;
   * every step gets their values under `inputs` (importRecords: `from`, the export it reads). Their schemas:
   * shared/schemas/operation.ts OPERATION_INPUTS.
   */
  readonly inputs?: Readonly<Record<string, QueryParameter>>;
  /**
   * The step function's handler and what it may do with the table, the bucket and the records bucket (export and
   * import carry a client's release records with their retention).
   */
  readonly step: {
    readonly entry: string;
    readonly data: DataAccess;
    readonly files: ObjectAccess;
    readonly records?: 'read' | 'write';
  };
}

export type OperationScope = 'table' | 'client' | 'facility';
/** The start route's path after its slug, per scope. */
const SCOPE_PATH: Record<OperationScope, string> = {
  table: '',
  client: '/{clientUuid}',
  facility: '/{clientUuid}/{facilityUuid}',
};

/** `regenerateSequenceMemory` → `regenerate-sequence-memory`: its path segment and its files' name. */
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** An operation from its name and what it may touch; its slug and step entry follow from the name. */
function operation<const Name extends string>(
  name: Name,
  data: DataAccess,
  files: ObjectAccess,
  needs: {
    scope?: OperationScope;
    inputs?: Record<string, QueryParameter>;
    records?: 'read' | 'write';
  } = {},
): OperationDefinition<Name> {
  const slug = kebab(name);
  return {
    name,
    slug,
    scope: needs.scope ?? 'table',
    ...(needs.inputs ? { inputs: needs.inputs } : {}),
    step: {
      entry: `functions/operations/${slug}.ts`,
      data,
      files,
      ...(needs.records ? { records: needs.records } : {}),
    },
  };
}

/** A whole-table operation scans in parallel segments (operations/segments.ts). */
export const isSegmented = (operation: OperationDefinition) => operation.scope === 'table';

export const operations = [
  operation('exportRecords', 'read', 'write', { scope: 'client', records: 'read' }),
  operation('importRecords', 'write', 'write', { scope: 'client', inputs: { from: REQUIRED_TEXT }, records: 'write' }),
  operation('migrateMaintenanceLogEntries', 'write', 'none'),
  operation('regenerateSequenceMemory', 'write', 'none'),
  operation('selectInvalidRecords', 'read', 'write'),
  operation('removeInvalidRecords', 'write', 'write'),
  operation('migrateResponsivenessData', 'write', 'none'),
  operation('migrateProbeIdentifier', 'write', 'none'),
  // Clearance notices naming SPECIFIC_DISPOSAL permit the two disposal routes it stood for (issue 36).
  operation('migrateReleaseTypes', 'write', 'none'),
  // Restores a facility's register lines from their locked objects, and objects from lines: it writes no document file.
  operation('rebuildReleaseRegister', 'write', 'none', { scope: 'facility', records: 'write' }),
] as const;

/** A maintenance operation's name (`exportRecords`). */
export type MaintenanceOperationName = (typeof operations)[number]['name'];
/** The route table's operation of its start route (`service.exportRecords`). */
export type StartOperationName = `service.${MaintenanceOperationName}`;
/** A start route: the route table's, with its operation's name. */
export type StartRoute = Route & { readonly operation: StartOperationName };

/** The start route of an operation: GET /service/{slug}[/{clientUuid}[/{facilityUuid}]]. */
const startRoute = (o: OperationDefinition<MaintenanceOperationName>): StartRoute => ({
  operation: `service.${o.name}`,
  summary: "Starts the operation's state machine.",
  method: 'GET',
  path: `/service/${o.slug}${SCOPE_PATH[o.scope]}`,
  entry: `functions/operations/start-${o.slug}.ts`,
  auth: 'operator',
  data: 'none',
  files: 'none',
  executions: 'start',
  // `?dryRun=true` changes nothing; an operation's inputs (importRecords: the export `?from=` names); a
  // whole-table operation takes `?segments=` (how many parallel scan segments).
  query: {
    dryRun: FLAG,
    ...o.inputs,
    ...(isSegmented(o) ? { segments: TEXT } : {}),
  },
});

/** The start route of each operation, by its name. */
export const operationRoutes = Object.fromEntries(operations.map((o) => [o.name, startRoute(o)])) as Readonly<
  Record<MaintenanceOperationName, StartRoute>
>;

/**
 * One value per start route, by its operation (`service.exportRecords`): what the documentation and the contract tests
 * hold for each, typed so that none is missing.
 */
export function perStartRoute<T>(
  value: (route: StartRoute, operation: OperationDefinition<MaintenanceOperationName>) => T,
): Record<StartOperationName, T> {
  return Object.fromEntries(
    operations.map((o) => [operationRoutes[o.name].operation, value(operationRoutes[o.name], o)]),
  ) as Record<StartOperationName, T>;
}

/** GET /service/executions/{executionId}: an execution of any operation, where it is and how it ended. */
export const executionRoutes = {
  executionStatus: {
    operation: 'service.executionStatus',
    summary: "An execution's status, last progress and, once ended, its result or error.",
    method: 'GET',
    path: '/service/executions/{executionId}',
    entry: 'functions/operations/execution-status.ts',
    auth: 'operator',
    data: 'none',
    files: 'none',
    executions: 'read',
    answers: { 404: ['operation.execution_not_found'] },
  },
} as const satisfies Record<string, Route>;
