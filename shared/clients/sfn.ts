/** The Step Functions client of the functions that start maintenance operations. */
import { SFNClient } from '@aws-sdk/client-sfn';
import { config } from '../config';

export const sfn = new SFNClient({ region: config.region, ...(config.stepFunctionsEndpoint ? { endpoint: config.stepFunctionsEndpoint } : {}) });
