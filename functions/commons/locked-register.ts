/** The release register with the facility's locked records (S3 Object Lock), for its verification. */
import { tenantDocumentClient } from '../../shared/clients/dynamodb';
import { tenantS3Client } from '../../shared/clients/s3';
import { config } from '../../shared/config';
import { s3FileStorage } from '../../shared/data/files';
import { dynamoReleaseRegister } from '../../shared/data/releases';
import { perTenant } from '../../shared/http/tenant';
import { DEFAULT_FACILITY_RULES } from '../../shared/services/release-act';
import { registerService } from '../../shared/services/releases';

/** The register with the facility's locked records, for its verification. */
export const lockedRegister = perTenant((session) =>
  registerService(dynamoReleaseRegister(tenantDocumentClient(session), config.tableName), {
    timeZone: DEFAULT_FACILITY_RULES.timeZone,
    records: s3FileStorage(tenantS3Client(session), config.recordsBucketName),
  }),
);
