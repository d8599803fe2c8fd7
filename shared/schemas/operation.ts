/** The `/service/...` routes: the query they take and the answer that names the started execution. */
import * as v from 'valibot';
import { queryFlag, timestamp } from './fields';

/** `?dryRun=true|false` (also spelled `dry-run`): exactly true or false. */
export const operationFlags = { dryRun: queryFlag, 'dry-run': queryFlag };

/** importRecords' `?from=`: an export folder in the bucket, such as `exports/{client}/{run}/`. */
export const EXPORT_PREFIX_PATTERN = /^[A-Za-z0-9/_.-]+\/$/;
export const exportPrefix = v.pipe(v.string('detail.type_string'), v.regex(EXPORT_PREFIX_PATTERN, 'detail.export_prefix'), v.examples(['exports/5b7e2a90-1c44-4b8e-a3f1-6d2c9e8f7a10/20261120T081500-1a2b3c4d/']));

export const startReply = (operationNames: readonly string[]) =>
  v.strictObject({
    Operation: v.picklist(operationNames),
    ExecutionId: v.string(),
    ExecutionArn: v.string(),
    StartedAt: timestamp,
    DryRun: v.boolean(),
  });
