/** The Step Functions client of the functions that start maintenance operations. */
import { SFNClient } from '@aws-sdk/client-sfn';
import { config } from '../config';
import { applyRetryPolicy, REQUEST_TIMEOUT_MS } from '../retry';

export const sfn = applyRetryPolicy(
  new SFNClient({
    region: config.region,
    ...(config.stepFunctionsEndpoint ? { endpoint: config.stepFunctionsEndpoint } : {}),
    maxAttempts: 1,
    requestHandler: { requestTimeout: REQUEST_TIMEOUT_MS, connectionTimeout: 1_000, throwOnRequestTimeout: true },
  }),
);
