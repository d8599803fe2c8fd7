/**
 * How long a presigned address stays valid. A presigned address is signed with the credentials of the tenant's
 * session (shared/clients/tenant-sessions.ts), and S3 refuses it once they expire: a session is renewed while it still
 * covers the longest of these.
 */
export const PRESIGNED_SECONDS = {
  /** A document file's upload form (POST policy): a replayed create answers the same form until then. */
  upload: 15 * 60,
  /** A document file's download address. */
  download: 5 * 60,
} as const;
