/**
 * Seeding behind the API for integration tests: what the operations find in a table and a bucket.
 */
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { randomUUID } from 'node:crypto';
import type { DocumentStore } from '../../shared/data/documents';
import type { Tenant } from '../../shared/data/table';
import { fileKey, newDocument } from '../../shared/domain/document';

/**
 * A RECORD document (`scan.pdf`, created 2026-01-03) whose file `bytes` lies in `bucket`, recorded on the document as
 * the S3-event function records it.
 */
export async function documentWithFile(
  documents: DocumentStore,
  s3: S3Client,
  bucket: string,
  tenant: Tenant,
  bytes: Uint8Array,
) {
  const document = newDocument(
    tenant,
    randomUUID(),
    { Scope: 'RECORD', ScopeReference: 'rec-1', Filename: 'scan.pdf' },
    new Date('2026-01-03T00:00:00Z'),
  );
  await documents.create(document);
  const Key = fileKey(document);
  await s3.send(new PutObjectCommand({ Bucket: bucket, Key, Body: bytes, ContentType: 'application/pdf' }));
  const stored = {
    Key,
    Size: bytes.length,
    ContentType: 'application/pdf',
    CreatedAt: 1767225600,
    ModifiedAt: 1767225600,
  };
  await documents.setFile(document, stored, '2026-01-03 00:00:01');
  return document;
}
