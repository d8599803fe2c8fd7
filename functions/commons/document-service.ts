/**
 * The document service over a document client and an S3 client: the stage's table, document bucket and release
 * records, its page size and upload limit. The document routes build it over a tenant session's clients
 * (./documents.ts), the S3 event function over its own (it imports no tenant session).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { S3Client } from '@aws-sdk/client-s3';
import { config } from '../../shared/config';
import { dynamoDocumentStore } from '../../shared/data/documents';
import { s3FileStorage } from '../../shared/data/files';
import { documentService } from '../../shared/services/documents';

export const documentServiceOver = (db: DynamoDBDocumentClient, s3: S3Client) =>
  documentService(
    dynamoDocumentStore(db, config.tableName),
    s3FileStorage(s3, config.bucketName),
    { pageSize: config.pageSize, maxUploadBytes: config.maxUploadBytes },
    undefined,
    s3FileStorage(s3, config.recordsBucketName),
  );
