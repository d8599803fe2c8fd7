/**
 * The material book as a container's writes reach it: its items and head, and the archive of its lines (in the records
 * bucket: its S3 client is loaded only by the functions that import this module).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tenantDocumentClient } from '../../shared/clients/dynamodb';
import { tenantS3Client } from '../../shared/clients/s3';
import type { TenantSession } from '../../shared/clients/tenant-sessions';
import { config } from '../../shared/config';
import { s3FileStorage } from '../../shared/data/files';
import { dynamoContainerStore } from '../../shared/data/containers';
import { dynamoMaterialStore } from '../../shared/data/material';
import { perTenant } from '../../shared/http/tenant';
import { bookArchive } from '../../shared/services/book-archive';
import type { BookPort } from '../../shared/services/container-book';
import { containerService } from '../../shared/services/containers';

export const bookPortOf = (session: TenantSession, db: DynamoDBDocumentClient) =>
  ({
    material: dynamoMaterialStore(db, config.tableName),
    archive: bookArchive(s3FileStorage(tenantS3Client(session), config.recordsBucketName), config.recordsLockMode),
  }) satisfies BookPort;

/**
 * The container service whose contents may be drawn from the material book (adding and removing contents): the book's
 * items and head over the same session, and its lines' locked copies in the records bucket.
 */
export const bookedContainers = perTenant((session) => {
  const db = tenantDocumentClient(session);
  return containerService(dynamoContainerStore(db, config.tableName), {
    book: bookPortOf(session, db),
  });
});
