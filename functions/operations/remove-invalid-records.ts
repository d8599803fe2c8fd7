import { db } from '../../shared/clients/dynamodb';
import { s3 } from '../../shared/clients/s3';
import { config } from '../../shared/config';
import { s3FileStorage } from '../../shared/data/files';
import { stepHandler } from '../../shared/operations/step-handler';
import { invalidRecords } from '../../shared/operations/invalid-records';

/** One step of removeInvalidRecords. */
export const handler = stepHandler(
  invalidRecords(db, config.tableName, s3FileStorage(s3, config.bucketName), 'remove'),
);
