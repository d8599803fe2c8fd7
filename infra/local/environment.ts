/** The settings the stack gives the functions on AWS, pointed at the local emulators and dev issuer. */
import { LOCAL_CREDENTIALS } from './emulators';
import { LOCAL_TENANT_ROLE_ARN } from './sts';
import { issuerKeys, LOCAL_AUDIENCE, LOCAL_ISSUER, LOCAL_JWKS_URI } from './identity';
import type { RuntimeInfo } from './paths';
import { environmentOf } from '../../shared/config';
import { operations } from '../../shared/routes/operations';

/** The ARN the local Step Functions endpoint gives an operation's state machine. */
export const stateMachineArnOf = (operation: string) =>
  `arn:aws:states:eu-central-1:000000000000:stateMachine:nm-archive-local-${operation}`;
/** The ARN its Task state invokes: the operation's step function, bound to its local handler. */
export const stepFunctionArnOf = (operation: string) =>
  `arn:aws:lambda:eu-central-1:000000000000:function:nm-archive-local-${operation}-step`;

export function applyFunctionEnvironment(info: Omit<RuntimeInfo, 'apiUrl' | 'pid' | 'enforcing'>): void {
  Object.assign(process.env, {
    ...environmentOf({
      stage: 'local',
      region: info.region,
      tableName: info.tableName,
      bucketName: info.bucketName,
      recordsBucketName: info.recordsBucketName,
      dynamodbEndpoint: info.dynamodbEndpoint,
      s3Endpoint: info.s3Endpoint,
      stepFunctionsEndpoint: info.stepFunctionsEndpoint,
      stsEndpoint: info.stsEndpoint,
      tenantRoleArn: LOCAL_TENANT_ROLE_ARN,
      stateMachineArns: JSON.stringify(Object.fromEntries(operations.map((o) => [o.name, stateMachineArnOf(o.name)]))),
      authIssuer: LOCAL_ISSUER,
      authAudience: LOCAL_AUDIENCE,
      authJwksUri: LOCAL_JWKS_URI,
      authJwks: JSON.stringify(issuerKeys().jwks),
    }),
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    // EMF lines are CloudWatch's to read: locally they would only crowd the logs and the tools'
    // stdout (ops prints JSON there). POWERTOOLS_METRICS_DISABLED=false shows them.
    POWERTOOLS_METRICS_DISABLED: process.env.POWERTOOLS_METRICS_DISABLED ?? 'true',
  });
}
