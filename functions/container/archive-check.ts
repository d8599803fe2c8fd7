import middy from '@middy/core';
import type { Context, ScheduledEvent } from 'aws-lambda';
import { db } from '../../shared/clients/dynamodb';
import { s3 } from '../../shared/clients/s3';
import { config } from '../../shared/config';
import { dynamoArchiveProgress } from '../../shared/data/archive-progress';
import { s3FileStorage } from '../../shared/data/files';
import { METRIC, publish } from '../../shared/metrics';
import { logger } from '../../shared/observability';
import { archiveCheck } from '../../shared/services/archive-check';

/** On the check's own role: it reads the pending index across tenants, the records bucket, and keeps line copies. */
const check = archiveCheck(dynamoArchiveProgress(db, config.tableName), s3FileStorage(s3, config.recordsBucketName), {
  lockMode: config.recordsLockMode,
  graceSeconds: config.archiveGraceSeconds,
});

/**
 * The archive check, on a schedule (daily on AWS, every RELEASE_SWEEP_SECONDS locally): each orphaned record object and
 * each register line it locked named in the log, counted (the stage's ArchiveGaps alarm watches the counts).
 */
export const handler = middy(async (_event: ScheduledEvent | Record<string, never>, context: Context) => {
  // A logger of its own invocation (locally every function shares one process).
  const log = logger.createChild();
  log.addContext(context);
  const report = await check.run();
  for (const orphan of report.orphanedRecords)
    log.error('archive check: orphaned record object (locked, no release books it)', { ...orphan });
  for (const line of report.unlockedLines)
    log.warn('archive check: register line had no locked copy; kept now', { ...line });
  for (const line of report.missingLines)
    log.error('archive check: booked release without its register line; nothing to lock', { ...line });
  publish('container.archiveCheck', [
    [METRIC.orphanedRecords, 'Count', report.orphanedRecords.length],
    [METRIC.unlockedLines, 'Count', report.unlockedLines.length + report.missingLines.length],
  ]);
  return report;
});
