/**
 * The tenant sessions of this execution environment (shared/clients/tenant-sessions.ts) over STS: the function's own
 * role assumes its tenant role (TENANT_ROLE_ARN) with the tenant's session tags. Locally the runtime stands in for STS
 * (infra/local/sts.ts).
 */
import { AssumeRoleCommand, STSClient } from '@aws-sdk/client-sts';
import { config } from '../config';
import type { Tenant } from '../data/table';
import { applyRetryPolicy, POLICY_CLIENT_OPTIONS } from '../retry';
import { type AssumeRole, tenantSessions, type TenantSession } from './tenant-sessions';

/** The STS client, made at the first session asked for: a request that reaches no data never needs it. */
let client: STSClient | undefined;
const sts = (): STSClient =>
  (client ??= applyRetryPolicy(
    new STSClient({
      region: config.region,
      ...(config.stsEndpoint ? { endpoint: config.stsEndpoint } : {}),
      ...POLICY_CLIENT_OPTIONS,
    }),
  ));

/** One AssumeRole call with the session's tags; no credentials in the answer is a failure. */
export const assumeWithSts =
  (stsClient: () => STSClient): AssumeRole =>
  async ({ roleArn, sessionName, tags, durationSeconds }) => {
    const { Credentials } = await stsClient().send(
      new AssumeRoleCommand({
        RoleArn: roleArn,
        RoleSessionName: sessionName,
        Tags: tags,
        DurationSeconds: durationSeconds,
      }),
    );
    return {
      accessKeyId: Credentials?.AccessKeyId ?? '',
      secretAccessKey: Credentials?.SecretAccessKey ?? '',
      sessionToken: Credentials?.SessionToken ?? '',
      expiration: Credentials?.Expiration as Date,
    };
  };

const sessions = tenantSessions(assumeWithSts(sts));

/** The session of `tenant` for the function named `functionName` (the Lambda context's), cached per tenant. */
export const sessionFor = (tenant: Tenant, functionName: string): Promise<TenantSession> =>
  sessions({ roleArn: config.tenantRoleArn, sessionName: functionName, tenant });
