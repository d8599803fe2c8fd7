/**
 * Release records in the records bucket (shared/data/files.ts `keep`) over s3rver's real protocol. s3rver knows
 * no S3 Object Lock, so what AWS enforces is asserted on the request the SDK sends: the lock's mode, its retain-
 * until date and the SHA-256 S3 checks the bytes against; the bytes arrive unchanged.
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';

import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { s3FileStorage } from '../../shared/data/files';
import { keptUntil } from '../../shared/domain/release-record';
import { runtime, s3Client } from '../support/api';

describe('keep (a release record under Object Lock)', () => {
  it('sends the lock mode, 30 years of retention and the checksum; stores exactly the bytes', async () => {
    const { recordsBucketName } = runtime();
    const s3 = s3Client();
    const sent: Record<string, string>[] = [];
    s3.middlewareStack.add(
      (next) => async (args) => {
        sent.push({ ...(args.request as { headers: Record<string, string> }).headers });
        return next(args);
      },
      { step: 'finalizeRequest', name: 'captureHeaders' },
    );
    const bytes = new TextEncoder().encode('%PDF-1.7 a release record');
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const now = new Date('2026-11-25T10:00:00Z');
    const key = `documents/c1/f1/${randomUUID()}`;
    await s3FileStorage(s3, recordsBucketName).keep(key, bytes, 'application/pdf', {
      mode: 'COMPLIANCE',
      until: keptUntil(now),
      sha256,
    });
    expect(sent[0]).toMatchObject({
      'x-amz-object-lock-mode': 'COMPLIANCE',
      'x-amz-object-lock-retain-until-date': '2056-11-25T10:00:00Z',
      'x-amz-checksum-sha256': Buffer.from(sha256, 'hex').toString('base64'),
      'content-type': 'application/pdf',
    });
    const stored = await s3.send(new GetObjectCommand({ Bucket: recordsBucketName, Key: key }));
    expect(await stored.Body!.transformToByteArray()).toEqual(bytes);
  });
});
