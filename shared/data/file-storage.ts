/**
 * The file storage port: what the services ask of a bucket (presigned uploads and downloads, objects kept under Object
 * Lock, listings), with no SDK in it, so a module that only lists or types files loads no S3 client. The S3 adapter is
 * shared/data/files.ts.
 */

/** A presigned upload: POST a multipart form with `Fields` and then the file to `Url` before `ExpiresAt`. */
export interface Upload {
  Url: string;
  Method: 'POST';
  Fields: Record<string, string>;
  ExpiresAt: Date;
}

export const LOCK_MODES = ['COMPLIANCE', 'GOVERNANCE'] as const;
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
