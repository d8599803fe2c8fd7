/** S3 adapter of the file storage port (./file-storage.ts): presigned uploads and downloads, stored objects. */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { type FileStorage, LOCK_MODES, type LockMode } from './file-storage';

export type { FileStorage, KeptObject, LockMode, ObjectInfo, Retention, Upload } from './file-storage';

/**
 * `keep` also names the retention it asked for in the object's metadata: a reader without s3:GetObjectRetention, or a
 * store that knows no Object Lock (s3rver), still learns what the object was kept under.
 */
const RETENTION_METADATA = { mode: 'lock-mode', until: 'retain-until' } as const;

export function s3FileStorage(s3: S3Client, bucket: string): FileStorage {
  return {
    async presignUpload(key, contentType, maxBytes, expiresSeconds) {
      // Once, before the call: the SDK takes its own clock then and writes the policy's expiry in whole seconds, so
      // the second begun now is never later than the policy's.
      const expiresAt = new Date(Math.floor(Date.now() / 1000) * 1000 + expiresSeconds * 1000);
      const { url, fields } = await createPresignedPost(s3, {
        Bucket: bucket,
        Key: key,
        Conditions: [
          ['content-length-range', 1, maxBytes],
          ['eq', '$Content-Type', contentType],
        ],
        Fields: { 'Content-Type': contentType },
        Expires: expiresSeconds,
      });
      return { Url: url, Method: 'POST', Fields: fields, ExpiresAt: expiresAt };
    },

    presignDownload: (key, contentDisposition, expiresSeconds) =>
      getSignedUrl(
        s3,
        new GetObjectCommand({ Bucket: bucket, Key: key, ResponseContentDisposition: contentDisposition }),
        { expiresIn: expiresSeconds },
      ),

    async head(key) {
      try {
        const out = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return {
          size: out.ContentLength ?? 0,
          contentType: out.ContentType ?? 'application/octet-stream',
          lastModified: out.LastModified ?? new Date(),
        };
      } catch (error) {
        if ((error as Error).name === 'NotFound' || (error as Error).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },

    async remove(key) {
      await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    async put(key, body, contentType) {
      await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }));
    },

    async keep(key, body, contentType, retention) {
      await s3.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ObjectLockMode: retention.mode,
          ObjectLockRetainUntilDate: retention.until,
          Metadata: {
            [RETENTION_METADATA.mode]: retention.mode,
            [RETENTION_METADATA.until]: retention.until.toISOString(),
          },
          // S3 requires an integrity checksum with a lock; it refuses the object unless the bytes match it.
          ChecksumSHA256: Buffer.from(retention.sha256, 'hex').toString('base64'),
        }),
      );
    },

    async read(key) {
      try {
        const out = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return await out.Body!.transformToByteArray();
      } catch (error) {
        if ((error as Error).name === 'NoSuchKey' || (error as Error).name === 'NotFound') return undefined;
        throw error;
      }
    },

    async readKept(key) {
      try {
        const out = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        const named = out.Metadata ?? {};
        const mode = out.ObjectLockMode ?? named[RETENTION_METADATA.mode];
        const until = out.ObjectLockRetainUntilDate ?? named[RETENTION_METADATA.until];
        return {
          body: await out.Body!.transformToByteArray(),
          contentType: out.ContentType ?? 'application/octet-stream',
          retention:
            mode && until && (LOCK_MODES as readonly string[]).includes(mode)
              ? { mode: mode as LockMode, until: new Date(until) }
              : null,
        };
      } catch (error) {
        if ((error as Error).name === 'NoSuchKey' || (error as Error).name === 'NotFound') return undefined;
        throw error;
      }
    },

    async list(prefix, { after, limit }) {
      const out = await s3.send(
        new ListObjectsV2Command({
          Bucket: bucket,
          Prefix: prefix,
          MaxKeys: limit,
          ...(after ? { StartAfter: after } : {}),
        }),
      );
      return { keys: (out.Contents ?? []).map((o) => o.Key!), more: out.IsTruncated === true };
    },

    async folders(prefix) {
      const names: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const out = await s3.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, Delimiter: '/', ContinuationToken }),
        );
        names.push(...(out.CommonPrefixes ?? []).map((p) => p.Prefix!.slice(prefix.length, -1)));
        ContinuationToken = out.NextContinuationToken;
      } while (ContinuationToken);
      return names;
    },
  };
}
