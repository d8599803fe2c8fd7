/**
 * Every setting the functions read, in one place. Values come from the environment (set by the
 * CDK stack on AWS, by the local runtime on a laptop); defaults are the documented ones.
 */
const env = (name: string): string | undefined => {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : value;
};
const intEnv = (name: string, fallback: number): number => {
  const value = env(name);
  const parsed = value === undefined ? NaN : Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
};

export const config = {
  get stage() {
    return env('STAGE') ?? 'local';
  },
  get region() {
    return env('AWS_REGION') ?? 'eu-central-1';
  },
  get tableName() {
    return env('TABLE_NAME') ?? 'nm-archive';
  },
  get bucketName() {
    return env('BUCKET_NAME') ?? 'nm-archive-files';
  },
  /** Set only locally: the emulator endpoints. */
  get dynamodbEndpoint() {
    return env('DYNAMODB_ENDPOINT');
  },
  get s3Endpoint() {
    return env('S3_ENDPOINT');
  },
  get stepFunctionsEndpoint() {
    return env('SFN_ENDPOINT');
  },
  /** The state machine of each maintenance operation this function may start (JSON: name -> ARN). */
  stateMachineArn(operation: string): string | undefined {
    const map = JSON.parse(env('STATE_MACHINE_ARNS') ?? '{}') as Record<string, string>;
    return map[operation];
  },
  /** Largest JSON request body accepted (bytes); larger is 413. */
  get maxBodyBytes() {
    return intEnv('MAX_BODY_BYTES', 64 * 1024);
  },
  get pageSize() {
    return intEnv('PAGE_SIZE', 100);
  },
  /** Largest document file accepted by the presigned upload policy (bytes). */
  get maxUploadBytes() {
    return intEnv('MAX_UPLOAD_BYTES', 50 * 1024 * 1024);
  },
  /** Comma-separated origins allowed by CORS (`*` for any). */
  get corsOrigins() {
    return (env('CORS_ALLOWED_ORIGINS') ?? '*')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean);
  },
  auth: {
    get issuer() {
      return env('AUTH_ISSUER') ?? '';
    },
    get audience() {
      return env('AUTH_AUDIENCE') ?? '';
    },
    get jwksUri() {
      return env('AUTH_JWKS_URI') ?? '';
    },
    /** Locally: the JWKS itself (JSON), cached into the verifier so no network is needed. */
    get jwks() {
      return env('AUTH_JWKS');
    },
  },
};
