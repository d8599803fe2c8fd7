import middy from '@middy/core';
import type { Context, ScheduledEvent } from 'aws-lambda';
import { db } from '../../shared/clients/dynamodb';
import { config } from '../../shared/config';
import { dynamoContainerStore } from '../../shared/data/containers';
import { dynamoMeasurementStore } from '../../shared/data/measurements';
import { METRIC, publish } from '../../shared/metrics';
import { logger } from '../../shared/observability';
import { releaseSweep } from '../../shared/services/release-sweep';
import { dynamoSettingsStore } from '../../shared/data/facility-settings';
import { facilityRules } from '../../shared/services/facility-settings';

/** On the sweep's own role: it reads the release index across tenants and writes the containers it moves. */
const settings = dynamoSettingsStore(db, config.tableName);
const sweep = releaseSweep(dynamoContainerStore(db, config.tableName), {
  measurements: dynamoMeasurementStore(db, config.tableName),
  rules: (tenant) => facilityRules(settings, tenant),
});

/**
 * The release sweep, on a schedule (EventBridge on AWS, every RELEASE_SWEEP_SECONDS locally): moves DECAY
 * containers whose ReleaseDateTime has passed to RELEASE_DATE_REACHED when the assessment at that moment clears
 * them; the others stay in DECAY, each named in the log with its reason, and counted.
 */
export const handler = middy(async (_event: ScheduledEvent | Record<string, never>, context: Context) => {
  // A logger of its own invocation: its context (the function's name, the request id) on every line, whatever else
  // runs in the process meanwhile (locally every function shares one).
  const log = logger.createChild();
  log.addContext(context);
  const result = await sweep.releaseDue(context.awsRequestId);
  if (result.due) log.info('release sweep', { due: result.due, moved: result.moved });
  for (const left of result.notCleared)
    log.warn('release sweep: due but not cleared, left in DECAY', { container: left.uuid, reason: left.reason });
  publish('container.releaseSweep', [
    [METRIC.released, 'Count', result.moved],
    [METRIC.notCleared, 'Count', result.notCleared.length],
  ]);
  return result;
});
