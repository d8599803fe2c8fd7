/**
 * Wiring of the document functions: the document store, the document files and the release records (presigned
 * downloads) over the shared clients.
 */
import { db } from '../../shared/clients/dynamodb';
import { s3 } from '../../shared/clients/s3';
import { config } from '../../shared/config';
import { dynamoDocumentStore } from '../../shared/data/documents';
import { s3FileStorage } from '../../shared/data/files';
import { documentService } from '../../shared/services/documents';

export const documents = documentService(
  dynamoDocumentStore(db, config.tableName),
  s3FileStorage(s3, config.bucketName),
  {
    pageSize: config.pageSize,
    maxUploadBytes: config.maxUploadBytes,
  },
  undefined,
  s3FileStorage(s3, config.recordsBucketName),
);
