import { db } from '../../shared/clients/dynamodb';
import { s3 } from '../../shared/clients/s3';
import { config } from '../../shared/config';
import { s3FileStorage } from '../../shared/data/files';
import { rebuildReleaseRegister } from '../../shared/operations/rebuild-release-register';
import { stepHandler } from '../../shared/operations/step-handler';

/** One step of rebuildReleaseRegister. */
export const handler = stepHandler(
  rebuildReleaseRegister(db, config.tableName, s3FileStorage(s3, config.recordsBucketName), config.recordsLockMode),
);
