/**
 * Every setting the functions read, in one place. Values come from the environment (set by the
 * CDK stack on AWS, by the local runtime on a laptop, both through `environmentOf`); defaults are the
 * documented ones.
 */

import type { LockMode } from './data/files';

/** The environment variable each setting is read from. */
export const VARIABLES = {
  stage: 'STAGE',
  region: 'AWS_REGION',
  tableName: 'TABLE_NAME',
  bucketName: 'BUCKET_NAME',
  recordsBucketName: 'RECORDS_BUCKET_NAME',
  recordsLockMode: 'RECORDS_LOCK_MODE',
  dynamodbEndpoint: 'DYNAMODB_ENDPOINT',
  s3Endpoint: 'S3_ENDPOINT',
  stepFunctionsEndpoint: 'SFN_ENDPOINT',
  stsEndpoint: 'STS_ENDPOINT',
  tenantRoleArn: 'TENANT_ROLE_ARN',
  stateMachineArns: 'STATE_MACHINE_ARNS',
  maxBodyBytes: 'MAX_BODY_BYTES',
  pageSize: 'PAGE_SIZE',
  decisionMeasurementMaxAgeDays: 'DECISION_MEASUREMENT_MAX_AGE_DAYS',
  maxUploadBytes: 'MAX_UPLOAD_BYTES',
  archiveGraceSeconds: 'ARCHIVE_GRACE_SECONDS',
  corsOrigins: 'CORS_ALLOWED_ORIGINS',
  apiBaseUrl: 'API_BASE_URL',
  authIssuer: 'AUTH_ISSUER',
  authAudience: 'AUTH_AUDIENCE',
  authJwksUri: 'AUTH_JWKS_URI',
  authJwks: 'AUTH_JWKS',
} as const;
export type Setting = keyof typeof VARIABLES;

/** The environment that gives a function these settings, each under its variable. */
export const environmentOf = (settings: Partial<Record<Setting, string>>): Record<string, string> =>
  Object.fromEntries(Object.entries(settings).map(([setting, value]) => [VARIABLES[setting as Setting], value]));

const env = (setting: Setting): string | undefined => {
  const name = VARIABLES[setting];
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : value;
};
const intEnv = (setting: Setting, fallback: number): number => {
  const value = env(setting);
  const parsed = value === undefined ? NaN : Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
};

export const config = {
  get stage() {
    return env('stage') ?? 'local';
  },
  get region() {
    return env('region') ?? 'eu-central-1';
  },
  get tableName() {
    return env('tableName') ?? 'nm-archive';
  },
  get bucketName() {
    return env('bucketName') ?? 'nm-archive-files';
  },
  /** The bucket of release records, under S3 Object Lock. */
  get recordsBucketName() {
    return env('recordsBucketName') ?? 'nm-archive-records';
  },
  /** How release records are locked: COMPLIANCE (prod) or GOVERNANCE (dev and locally, so a stage can be removed). */
  get recordsLockMode(): LockMode {
    const mode = env('recordsLockMode');
    return mode === 'COMPLIANCE' ? 'COMPLIANCE' : 'GOVERNANCE';
  },
  /** Set only locally: the emulator endpoints. */
  get dynamodbEndpoint() {
    return env('dynamodbEndpoint');
  },
  get s3Endpoint() {
    return env('s3Endpoint');
  },
  get stepFunctionsEndpoint() {
    return env('stepFunctionsEndpoint');
  },
  get stsEndpoint() {
    return env('stsEndpoint');
  },
  /**
   * The tenant role this function assumes for a tenant's data (set by the stack on the functions that have one,
   * infra/groups.ts); without it no session can be had, and a request that needs one is answered 503.
   */
  get tenantRoleArn() {
    return env('tenantRoleArn') ?? '';
  },
  /** The state machine of each maintenance operation this function may start (JSON: name -> ARN). */
  stateMachineArn(operation: string): string | undefined {
    const map = JSON.parse(env('stateMachineArns') ?? '{}') as Record<string, string>;
    return map[operation];
  },
  /** Largest JSON request body accepted (bytes); larger is 413. */
  get maxBodyBytes() {
    return intEnv('maxBodyBytes', 64 * 1024);
  },
  get pageSize() {
    return intEnv('pageSize', 100);
  },
  /** A decision measurement older than this many days at the release no longer carries it. */
  get decisionMeasurementMaxAgeDays() {
    return intEnv('decisionMeasurementMaxAgeDays', 7);
  },
  /** Largest document file accepted by the presigned upload policy (bytes). */
  get maxUploadBytes() {
    return intEnv('maxUploadBytes', 50 * 1024 * 1024);
  },
  /**
   * The archive check leaves a release attempt younger than this alone (it may still be running): longer than any
   * function may run.
   */
  get archiveGraceSeconds() {
    return intEnv('archiveGraceSeconds', 15 * 60);
  },
  /** Comma-separated origins allowed by CORS (`*` for any). */
  get corsOrigins() {
    return (env('corsOrigins') ?? '*')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean);
  },
  /**
   * The API's public address (`https://api.example.org`), a stage setting; what the OpenAPI document names as its
   * server. Unset, the document names the relative `/`. Never taken from a request's headers.
   */
  get apiBaseUrl() {
    return env('apiBaseUrl');
  },
  auth: {
    get issuer() {
      return env('authIssuer') ?? '';
    },
    get audience() {
      return env('authAudience') ?? '';
    },
    get jwksUri() {
      return env('authJwksUri') ?? '';
    },
    /** Locally: the JWKS itself (JSON), cached into the verifier so no network is needed. */
    get jwks() {
      return env('authJwks');
    },
  },
};
