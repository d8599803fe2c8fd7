/**
 * shared/data/files.ts: the presigned POST form of a document upload, decoded. S3 enforces its
 * policy; the local S3 emulator (s3rver) does not, so its conditions are asserted here.
 */
import { S3Client } from '@aws-sdk/client-s3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { s3FileStorage } from '../../../shared/data/files';

const s3 = new S3Client({
  region: 'eu-central-1',
  credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
});
const files = s3FileStorage(s3, 'files-bucket');

describe('presignUpload', () => {
  it('allows exactly one key, 1 byte up to the limit, the one content type, until it expires', async () => {
    const before = Date.now();
    const key = 'documents/c/f/5b7e2a90-1c44-4b8e-a3f1-6d2c9e8f7a10';
    const upload = await files.presignUpload(key, 'application/pdf', 256 * 1024, 900);
    const policy = JSON.parse(Buffer.from(upload.Fields.Policy!, 'base64').toString('utf8')) as {
      expiration: string;
      conditions: unknown[];
    };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        { key },
        { bucket: 'files-bucket' },
        ['content-length-range', 1, 256 * 1024],
        ['eq', '$Content-Type', 'application/pdf'],
        { 'X-Amz-Algorithm': 'AWS4-HMAC-SHA256' },
        { 'X-Amz-Credential': expect.stringMatching(/^AKIDEXAMPLE\/\d{8}\/eu-central-1\/s3\/aws4_request$/) },
      ]),
    );
    // No condition that would let the form write anywhere else (no starts-with on the key).
    expect(policy.conditions.filter((c) => Array.isArray(c) && c[0] === 'starts-with')).toEqual([]);
    const expires = Date.parse(policy.expiration);
    expect(expires - before).toBeGreaterThan(899_000);
    expect(expires - before).toBeLessThanOrEqual(900_000 + 1_000);
    // Never later than the policy's expiry, so a client that trusts ExpiresAt is never refused by S3.
    expect(expires - upload.ExpiresAt.getTime()).toBeGreaterThanOrEqual(0);
    expect(expires - upload.ExpiresAt.getTime()).toBeLessThanOrEqual(1_000);
    expect(upload.Fields).toMatchObject({
      key,
      'Content-Type': 'application/pdf',
      'X-Amz-Signature': expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  describe('at the end of a second', () => {
    afterEach(() => {
      vi.useRealTimers();
    });
    it("answers the policy's own expiry, though the SDK writes it in whole seconds", async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-20T08:15:00.999Z'));
      const upload = await files.presignUpload('documents/c/f/d', 'application/pdf', 1024, 900);
      const policy = JSON.parse(Buffer.from(upload.Fields.Policy!, 'base64').toString('utf8')) as {
        expiration: string;
      };
      expect(policy.expiration).toBe('2026-11-20T08:30:00Z');
      expect(upload.ExpiresAt.toISOString()).toBe('2026-11-20T08:30:00.000Z');
    });
  });
});
