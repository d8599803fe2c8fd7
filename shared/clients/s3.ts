/** The S3 client of the functions that touch document files (made once, at cold start), and tenant sessions' ones. */
import { S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { config } from '../config';
import { applyRetryPolicy, POLICY_CLIENT_OPTIONS } from '../retry';
import { perSession } from './tenant-sessions';

export function createS3Client(endpoint = config.s3Endpoint, overrides: Partial<S3ClientConfig> = {}): S3Client {
  return applyRetryPolicy(
    new S3Client({
      region: config.region,
      ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
      ...POLICY_CLIENT_OPTIONS,
      ...overrides,
      // Checksums only where S3 requires them: presigned POSTs and the emulator stay byte-exact.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }),
  );
}

export const s3 = createS3Client();

/**
 * The S3 client of a tenant session (shared/clients/tenant-sessions.ts): it signs (and presigns) with the session's
 * credentials, over the function's own connections; one per session, made on first use.
 */
export const tenantS3Client = perSession(
  (session): S3Client =>
    createS3Client(config.s3Endpoint, { credentials: session.credentials, requestHandler: s3.config.requestHandler }),
);
