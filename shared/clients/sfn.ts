/** The Step Functions client of the functions that start maintenance operations. */
import { SFNClient } from '@aws-sdk/client-sfn';
import { config } from '../config';
import { applyRetryPolicy, POLICY_CLIENT_OPTIONS } from '../retry';

export const sfn = applyRetryPolicy(
  new SFNClient({
    region: config.region,
    ...(config.stepFunctionsEndpoint ? { endpoint: config.stepFunctionsEndpoint } : {}),
    ...POLICY_CLIENT_OPTIONS,
  }),
);
