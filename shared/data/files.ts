/** S3 adapter of the file storage port: presigned uploads and downloads, what a stored object is. */
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

/** A presigned upload: POST a multipart form with `Fields` and then the file to `Url` before `ExpiresAt`. */
export interface Upload {
  Url: string;
  Method: 'POST';
  Fields: Record<string, string>;
  ExpiresAt: Date;
}

const LOCK_MODES = ['COMPLIANCE', 'GOVERNANCE'] as const;
export type LockMode = (typeof LOCK_MODES)[number];

/** How long and how strictly an object is kept, and the SHA-256 of its bytes (hex). */
export interface Retention {
  mode: LockMode;
  until: Date;
  sha256: string;
}

/** An object kept under S3 Object Lock, as read back: its bytes, media type and lock (null: none reported). */
export interface KeptObject {
  body: Uint8Array;
  contentType: string;
  retention: { mode: LockMode; until: Date } | null;
}

/**
 * `keep` also names the retention it asked for in the object's metadata: a reader without s3:GetObjectRetention, or a
 * store that knows no Object Lock (s3rver), still learns what the object was kept under.
 */
const RETENTION_METADATA = { mode: 'lock-mode', until: 'retain-until' } as const;

export interface ObjectInfo {
  size: number;
  contentType: string;
  lastModified: Date;
}

export interface FileStorage {
  /** A POST policy allowing one object at `key`, of this media type, of at most `maxBytes`. */
  presignUpload(key: string, contentType: string, maxBytes: number, expiresSeconds: number): Promise<Upload>;
  /** A GET address that downloads `key` under `contentDisposition`. */
  presignDownload(key: string, contentDisposition: string, expiresSeconds: number): Promise<string>;
  head(key: string): Promise<ObjectInfo | undefined>;
  remove(key: string): Promise<void>;
  /** Stores an object (reports, quarantine copies, exports). */
  put(key: string, body: string | Uint8Array, contentType: string): Promise<void>;
  /**
   * Stores an object under S3 Object Lock: nobody can delete or overwrite this version before
   * `retention.until` (in COMPLIANCE mode not even the account's root; GOVERNANCE lets a user with
   * s3:BypassGovernanceRetention). S3 checks the bytes against their SHA-256 on arrival.
   */
  keep(key: string, body: Uint8Array, contentType: string, retention: Retention): Promise<void>;
  /** An object's bytes, or undefined when there is none. */
  read(key: string): Promise<Uint8Array | undefined>;
  /** A kept object with its lock (the bucket's word; else what `keep` named), or undefined when there is none. */
  readKept(key: string): Promise<KeptObject | undefined>;
  /** The keys under `prefix` in key order, at most `limit` after `after`; `more` when there are further ones. */
  list(prefix: string, page: { after?: string | undefined; limit: number }): Promise<{ keys: string[]; more: boolean }>;
  /** The names of the folders directly under `prefix` (its keys' next `/`-ended parts), in key order. */
  folders(prefix: string): Promise<string[]>;
}

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

/** Every key under `prefix`, in key order, listed page by page. */
export async function listAll(files: Pick<FileStorage, 'list'>, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await files.list(prefix, { after, limit: 1000 });
    keys.push(...page.keys);
    if (!page.more || page.keys.length === 0) return keys;
    after = page.keys.at(-1);
  }
}
