/**
 * The material book as its writes reach it: its items and head, and the archive of its lines (in the records bucket:
 * its S3 client is loaded only by the functions that import this module). Its wirings each have a module of their own
 * (a wiring is a call the bundler keeps whether its function uses it or not): the receipts and elutions in
 * ./bookings.ts, the containers whose contents are drawn from the book in ./booked-containers.ts, a movement in
 * ./moving.ts, the book's verification in ./book-verifier.ts.
 */
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
