import type { Context, ScheduledEvent } from 'aws-lambda';
import { logger } from '../../shared/observability';
import { containers } from '../commons/containers';

/**
 * The release sweep, on a schedule (EventBridge on AWS, every RELEASE_SWEEP_SECONDS locally): moves
 * DECAY containers whose ReleaseDateTime has passed to RELEASE_DATE_REACHED.
 */
export const handler = async (_event: ScheduledEvent | Record<string, never>, context: Context) => {
  const result = await containers.releaseDue(context.awsRequestId);
  if (result.due) logger.info('release sweep', result);
  return result;
};
