import { db } from '../../shared/clients/dynamodb';
import { s3 } from '../../shared/clients/s3';
import { config } from '../../shared/config';
import { s3FileStorage } from '../../shared/data/files';
import { importRecords } from '../../shared/operations/import-records';
import { stepHandler } from '../../shared/operations/step-handler';

/** One step of importRecords. */
export const handler = stepHandler(
  importRecords(
    db,
    config.tableName,
    s3,
    config.bucketName,
    s3FileStorage(s3, config.bucketName),
    s3FileStorage(s3, config.recordsBucketName),
  ),
);
