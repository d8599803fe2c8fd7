/**
 * Reference for the /service start functions: a handler that creates only the Step Functions client and does nothing
 * else.
 */
import { SFNClient } from '@aws-sdk/client-sfn';

const sfn = new SFNClient({});
export const handler = async () => ({ statusCode: 200, body: typeof sfn });
