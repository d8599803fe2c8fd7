/** The settings the stack gives the functions on AWS, pointed at the local emulators and dev issuer. */
import { LOCAL_CREDENTIALS } from './emulators';
import { issuerKeys, LOCAL_AUDIENCE, LOCAL_ISSUER, LOCAL_JWKS_URI } from './identity';
import type { RuntimeInfo } from './paths';
import { operations } from '../../shared/routes/operations';

/** The ARN the local Step Functions endpoint gives an operation's state machine. */
export const stateMachineArnOf = (operation: string) =>
  `arn:aws:states:eu-central-1:000000000000:stateMachine:nm-archive-local-${operation}`;
/** The ARN its Task state invokes: the operation's step function, bound to its local handler. */
export const stepFunctionArnOf = (operation: string) =>
  `arn:aws:lambda:eu-central-1:000000000000:function:nm-archive-local-${operation}-step`;

export function applyFunctionEnvironment(info: Omit<RuntimeInfo, 'apiUrl' | 'pid'>): void {
  Object.assign(process.env, {
    STAGE: 'local',
    AWS_REGION: info.region,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    TABLE_NAME: info.tableName,
    BUCKET_NAME: info.bucketName,
    DYNAMODB_ENDPOINT: info.dynamodbEndpoint,
    S3_ENDPOINT: info.s3Endpoint,
    SFN_ENDPOINT: info.stepFunctionsEndpoint,
    STATE_MACHINE_ARNS: JSON.stringify(Object.fromEntries(operations.map((o) => [o.name, stateMachineArnOf(o.name)]))),
    AUTH_ISSUER: LOCAL_ISSUER,
    AUTH_AUDIENCE: LOCAL_AUDIENCE,
    AUTH_JWKS_URI: LOCAL_JWKS_URI,
    AUTH_JWKS: JSON.stringify(issuerKeys().jwks),
    // EMF lines are CloudWatch's to read: locally they would only crowd the logs and the tools'
    // stdout (ops prints JSON there). POWERTOOLS_METRICS_DISABLED=false shows them.
    POWERTOOLS_METRICS_DISABLED: process.env.POWERTOOLS_METRICS_DISABLED ?? 'true',
  });
}
