/**
 * The tenant sessions of this execution environment (shared/clients/tenant-sessions.ts) over STS: the function's own
 * role assumes its tenant role (TENANT_ROLE_ARN) with the tenant's session tags, through the SDK's own credential
 * provider for that (`fromTemporaryCredentials`). Its STS client is the one the SDK's default credentials already
 * bring into every bundle, so a session adds no client to a cold start; it goes over the function's own connections
 * and under the service's one retry policy. Locally the runtime stands in for STS (infra/local/sts.ts).
 */
import { fromTemporaryCredentials } from '@aws-sdk/credential-providers';
import { config } from '../config';
import type { Tenant } from '../data/table';
import { applyRetryPolicy, POLICY_CLIENT_OPTIONS } from '../retry';
import { dynamo } from './dynamodb';
import { type AssumeRole, tenantSessions, type TenantSession } from './tenant-sessions';

/** One AssumeRole with the session's tags, each on a provider of its own (a session is asked for once an hour). */
export const assumeWithSts: AssumeRole = async ({ roleArn, sessionName, tags, durationSeconds }) => {
  const credentials = await fromTemporaryCredentials({
    params: { RoleArn: roleArn, RoleSessionName: sessionName, Tags: tags, DurationSeconds: durationSeconds },
    clientConfig: {
      region: config.region,
      ...(config.stsEndpoint ? { endpoint: config.stsEndpoint } : {}),
      ...POLICY_CLIENT_OPTIONS,
      requestHandler: dynamo.config.requestHandler,
    },
    clientPlugins: [{ applyToStack: (middlewareStack) => void applyRetryPolicy({ middlewareStack }) }],
  })();
  return {
    accessKeyId: credentials.accessKeyId,
    secretAccessKey: credentials.secretAccessKey,
    sessionToken: credentials.sessionToken ?? '',
    expiration: credentials.expiration as Date,
  };
};

const sessions = tenantSessions(assumeWithSts);

/** The session of `tenant` for the function named `functionName` (the Lambda context's), cached per tenant. */
export const sessionFor = (tenant: Tenant, functionName: string): Promise<TenantSession> =>
  sessions({ roleArn: config.tenantRoleArn, sessionName: functionName, tenant });
