/** One Powertools logger for every function: structured JSON lines on stdout. */
import { Logger } from '@aws-lambda-powertools/logger';
import { mapStackTraces } from './stack-traces';

// In a bundle, the stacks this logger (and the Lambda runtime) prints name the sources.
mapStackTraces(import.meta.url);

export const logger = new Logger({
  serviceName: 'nm-archive',
  logLevel: (process.env.LOG_LEVEL as 'INFO' | undefined) ?? 'INFO',
});
