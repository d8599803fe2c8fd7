/**
 * Reference for the /service start functions: a handler that creates only the Step Functions client, with the options
 * every client of the service gets, and does nothing else.
 */
import { SFNClient } from '@aws-sdk/client-sfn';
import { POLICY_CLIENT_OPTIONS } from '../../shared/retry';

const sfn = new SFNClient(POLICY_CLIENT_OPTIONS);
export const handler = async () => ({ statusCode: 200, body: typeof sfn });
