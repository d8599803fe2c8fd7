/** The material book as a container's writes reach it: its items and head, and the archive of its lines. */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tenantS3Client } from '../../shared/clients/s3';
import type { TenantSession } from '../../shared/clients/tenant-sessions';
import { config } from '../../shared/config';
import { s3FileStorage } from '../../shared/data/files';
import { dynamoMaterialStore } from '../../shared/data/material';
import { bookArchive } from '../../shared/services/book-archive';
import type { BookPort } from '../../shared/services/container-book';

export const bookPortOf = (session: TenantSession, db: DynamoDBDocumentClient) =>
  ({
    material: dynamoMaterialStore(db, config.tableName),
    archive: bookArchive(s3FileStorage(tenantS3Client(session), config.recordsBucketName), config.recordsLockMode),
  }) satisfies BookPort;
