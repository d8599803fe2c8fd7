/** One Powertools logger for every function: structured JSON lines on stdout. */
import { Logger } from '@aws-lambda-powertools/logger';
import type { ConstructorOptions } from '@aws-lambda-powertools/logger/types';
import { useLineConsole } from './log-output';
import { mapStackTraces } from './stack-traces';

// In a bundle, the stacks this logger (and the Lambda runtime) prints name the sources.
mapStackTraces(import.meta.url);

/** Powertools Logger writing its lines to the descriptors (shared/log-output.ts), and so do its children. */
class FunctionLogger extends Logger {
  protected override createLogger(options?: ConstructorOptions): FunctionLogger {
    return new FunctionLogger(options);
  }
}
useLineConsole(FunctionLogger);

export const logger: Logger = new FunctionLogger({
  serviceName: 'nm-archive',
  logLevel: (process.env.LOG_LEVEL as 'INFO' | undefined) ?? 'INFO',
});
