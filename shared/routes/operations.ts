import type { DataAccess, ObjectAccess, Route } from './types';
import { executionId, executionReply, exportPrefix, operationFlags, startReply } from '../schemas/operation';

/**
 * The maintenance operations of interface §4.5. Each has a step function (driven by its Step
 * Functions state machine, on AWS and locally) and a `/service/...` route that starts an execution
 * (IAM on AWS; a token with role `operator` locally).
 */
export interface OperationDefinition {
  /** As in the interface (`regenerateSequenceMemory`). */
  readonly name: string;
  /** The `/service/...` path segment, also the ops CLI's name for it. */
  readonly slug: string;
  readonly needsClient: boolean;
  /** importRecords reads an export: `?from=` names its prefix in the bucket. */
  readonly needsSource?: boolean;
  /** The step function's handler and what it may do with the table and the bucket. */
  readonly step: { readonly entry: string; readonly data: DataAccess; readonly files: ObjectAccess };
}

export const operations: readonly OperationDefinition[] = [
  {
    name: 'exportRecords',
    slug: 'export-records',
    needsClient: true,
    step: { entry: 'functions/operations/export-records.ts', data: 'read', files: 'write' },
  },
  {
    name: 'importRecords',
    slug: 'import-records',
    needsClient: true,
    needsSource: true,
    step: { entry: 'functions/operations/import-records.ts', data: 'write', files: 'write' },
  },
  {
    name: 'migrateMaintenanceLogEntries',
    slug: 'migrate-maintenance-log-entries',
    needsClient: false,
    step: { entry: 'functions/operations/migrate-maintenance-log-entries.ts', data: 'write', files: 'none' },
  },
  {
    name: 'regenerateSequenceMemory',
    slug: 'regenerate-sequence-memory',
    needsClient: false,
    step: { entry: 'functions/operations/regenerate-sequence-memory.ts', data: 'write', files: 'none' },
  },
  {
    name: 'selectInvalidRecords',
    slug: 'select-invalid-records',
    needsClient: false,
    step: { entry: 'functions/operations/select-invalid-records.ts', data: 'read', files: 'write' },
  },
  {
    name: 'removeInvalidRecords',
    slug: 'remove-invalid-records',
    needsClient: false,
    step: { entry: 'functions/operations/remove-invalid-records.ts', data: 'write', files: 'write' },
  },
  {
    name: 'migrateResponsivenessData',
    slug: 'migrate-responsiveness-data',
    needsClient: false,
    step: { entry: 'functions/operations/migrate-responsiveness-data.ts', data: 'write', files: 'none' },
  },
  {
    name: 'migrateProbeIdentifier',
    slug: 'migrate-probe-identifier',
    needsClient: false,
    step: { entry: 'functions/operations/migrate-probe-identifier.ts', data: 'write', files: 'none' },
  },
];

/** The start route of each operation: GET /service/{slug}[/{clientUuid}]. */
export const operationRoutes = Object.fromEntries(
  operations.map((o) => [
    o.name,
    {
      operation: `service.${o.name}`,
      method: 'GET',
      path: `/service/${o.slug}${o.needsClient ? '/{clientUuid}' : ''}`,
      entry: `functions/operations/start-${o.slug}.ts`,
      auth: 'operator',
      data: 'none',
      files: 'none',
      executions: 'start',
      query: { ...operationFlags, ...(o.needsSource ? { from: exportPrefix } : {}) },
      reply: { object: startReply([o.name]) },
    } satisfies Route,
  ]),
) as Record<string, Route>;

/** GET /service/executions/{executionId}: an execution of any operation, where it is and how it ended. */
export const executionRoutes = {
  executionStatus: {
    operation: 'service.executionStatus',
    method: 'GET',
    path: '/service/executions/{executionId}',
    entry: 'functions/operations/execution-status.ts',
    auth: 'operator',
    data: 'none',
    files: 'none',
    executions: 'read',
    params: { executionId },
    reply: { object: executionReply(operations.map((o) => o.name)) },
    answers: { 404: ['operation.execution_not_found'] },
  },
} as const satisfies Record<string, Route>;
