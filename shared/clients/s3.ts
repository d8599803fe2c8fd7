/** The S3 client of the functions that touch document files (created once, at cold start). */
import { S3Client } from '@aws-sdk/client-s3';
import { config } from '../config';
import { applyRetryPolicy, POLICY_CLIENT_OPTIONS } from '../retry';

export function createS3Client(endpoint = config.s3Endpoint): S3Client {
  return applyRetryPolicy(
    new S3Client({
      region: config.region,
      ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
      ...POLICY_CLIENT_OPTIONS,
      // Checksums only where S3 requires them: presigned POSTs and the emulator stay byte-exact.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }),
  );
}

export const s3 = createS3Client();
