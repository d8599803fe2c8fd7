import { tenantDocumentClient } from '../../shared/clients/dynamodb';
import { tenantS3Client } from '../../shared/clients/s3';
import { s3FileStorage } from '../../shared/data/files';
import { config } from '../../shared/config';
import { dynamoReleaseRegister } from '../../shared/data/releases';
import { perTenant } from '../../shared/http/tenant';
import { DEFAULT_FACILITY_RULES } from '../../shared/services/release-act';
import { registerService } from '../../shared/services/releases';
import { dynamoSettingsStore } from '../../shared/data/facility-settings';
import { facilityRules } from '../../shared/services/facility-settings';

/** The register over the request's session, reading the facility's regime and time zone from its settings. */
export const register = perTenant((session) => {
  const db = tenantDocumentClient(session);
  const settings = dynamoSettingsStore(db, config.tableName);
  return registerService(dynamoReleaseRegister(db, config.tableName), {
    timeZone: DEFAULT_FACILITY_RULES.timeZone,
    rules: (tenant) => facilityRules(settings, tenant),
  });
});

/** The register with the facility's locked records, for its verification. */
export const lockedRegister = perTenant((session) =>
  registerService(dynamoReleaseRegister(tenantDocumentClient(session), config.tableName), {
    timeZone: DEFAULT_FACILITY_RULES.timeZone,
    records: s3FileStorage(tenantS3Client(session), config.recordsBucketName),
  }),
);

/** At most this many lines of a year in one answer (a Lambda answer holds 6 MB; a facility releases far fewer). */
export const REGISTER_CAP = 5000;

export { yearOf } from './year';
