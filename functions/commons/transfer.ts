/** Where the export and import steps work: the stage's table, documents bucket and release records bucket. */
import { db } from '../../shared/clients/dynamodb';
import { s3 } from '../../shared/clients/s3';
import { config } from '../../shared/config';
import { s3FileStorage } from '../../shared/data/files';
import type { TransferPlaces } from '../../shared/operations/export-format';

export const transferPlaces: TransferPlaces = {
  db,
  tableName: config.tableName,
  s3,
  bucket: config.bucketName,
  files: s3FileStorage(s3, config.bucketName),
  records: s3FileStorage(s3, config.recordsBucketName),
};
