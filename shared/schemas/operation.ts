/** The `/service/...` routes: the export folder importRecords takes and the answer that names the started execution. */
import * as v from 'valibot';
import { timestamp } from './fields';
import { MAX_SEGMENTS } from '../domain/scan-segments';

/** importRecords' `?from=`: an export folder in the bucket, such as `exports/{client}/{run}/`. */
export const EXPORT_PREFIX_PATTERN = /^[A-Za-z0-9/_.-]+\/$/;
export const exportPrefix = v.pipe(
  v.string('detail.type_string'),
  v.regex(EXPORT_PREFIX_PATTERN, 'detail.export_prefix'),
  v.examples(['exports/5b7e2a90-1c44-4b8e-a3f1-6d2c9e8f7a10/20261120T081500-1a2b3c4d/']),
);

/** A whole-table operation's `?segments=`: how many parallel scan segments, a whole number from 1 to 1000. */
export const segmentsQuery = v.pipe(
  v.string('detail.segments'),
  v.regex(/^(?:[1-9]\d{0,2}|1000)$/, 'detail.segments'),
  v.examples(['8']),
);
// The pattern's bound and the operations' are one.
MAX_SEGMENTS satisfies 1000;

/**
 * The schema of every input an operation's start route may take (OperationDefinition.inputs), by name, as the start
 * handler validates it and the OpenAPI document describes it.
 */
export const OPERATION_INPUTS: Readonly<Record<string, v.GenericSchema<string>>> = { from: exportPrefix };

export const startReply = (operationNames: readonly string[]) =>
  v.strictObject({
    Operation: v.picklist(operationNames),
    ExecutionId: v.string(),
    ExecutionArn: v.string(),
    StartedAt: timestamp,
    DryRun: v.boolean(),
  });

/** An execution's id as the start routes answer it: `{slug}-{uuid}` (`export-records-5b7e2a90-...`). */
export const EXECUTION_ID_PATTERN =
  /^([a-z]+(?:-[a-z]+)*)-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
/** The longest execution name Step Functions takes. */
export const EXECUTION_ID_MAX_LENGTH = 80;
export const executionId = v.pipe(
  v.string('detail.type_string'),
  v.maxLength(EXECUTION_ID_MAX_LENGTH, 'detail.execution_id'),
  v.regex(EXECUTION_ID_PATTERN, 'detail.execution_id'),
  v.examples(['regenerate-sequence-memory-5b7e2a90-1c44-4b8e-a3f1-6d2c9e8f7a10']),
);

/** Items read or written, and the DynamoDB capacity units that took. */
const usage = v.strictObject({ Items: v.number(), CapacityUnits: v.number() });

const EXECUTION_STATUSES = ['RUNNING', 'SUCCEEDED', 'FAILED', 'TIMED_OUT', 'ABORTED', 'PENDING_REDRIVE'] as const;

/** GET /service/executions/{executionId}: where an execution is, and how it ended. */
export const executionReply = (operationNames: readonly string[]) =>
  v.strictObject({
    Operation: v.picklist(operationNames),
    ExecutionId: v.string(),
    ExecutionArn: v.string(),
    Status: v.picklist(EXECUTION_STATUSES),
    StartedAt: timestamp,
    /** Started with ?dryRun=true: it changes nothing. */
    DryRun: v.boolean(),
    /** Null while it runs. */
    StoppedAt: v.nullable(timestamp),
    /** The last step's progress (null before the first step ended), with what the run read and wrote so far. */
    Progress: v.nullable(
      v.strictObject({
        Phase: v.string(),
        Processed: v.number(),
        Total: v.optional(v.number()),
        Read: v.optional(usage),
        Written: v.optional(usage),
      }),
    ),
    /** The operation's report, once it succeeded. */
    Result: v.nullable(v.unknown()),
    /** What ended it, once it failed, timed out or was aborted. */
    Error: v.nullable(v.strictObject({ Error: v.string(), Cause: v.string() })),
  });
