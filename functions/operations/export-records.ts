import { db } from '../../shared/clients/dynamodb';
import { s3 } from '../../shared/clients/s3';
import { config } from '../../shared/config';
import { s3FileStorage } from '../../shared/data/files';
import { exportRecords } from '../../shared/operations/export-records';
import { stepHandler } from '../../shared/operations/step-handler';

/** One step of exportRecords. */
export const handler = stepHandler(
  exportRecords(
    db,
    config.tableName,
    s3,
    config.bucketName,
    s3FileStorage(s3, config.bucketName),
    s3FileStorage(s3, config.recordsBucketName),
  ),
);
