import { tenantDocumentClient } from '../../shared/clients/dynamodb';
import { config } from '../../shared/config';
import { dynamoReleaseRegister } from '../../shared/data/releases';
import { perTenant } from '../../shared/http/tenant';
import { DEFAULT_FACILITY_RULES } from '../../shared/services/release-act';
import { registerService } from '../../shared/services/releases';
import { dynamoSettingsStore } from '../../shared/data/facility-settings';
import { facilityRules } from '../../shared/services/facility-settings';

/**
 * The register over the request's session, reading the facility's regime and time zone from its settings. Its
 * verification, which reads the locked records, is wired in ./locked-register.ts (only it loads the S3 client).
 */
export const register = perTenant((session) => {
  const db = tenantDocumentClient(session);
  const settings = dynamoSettingsStore(db, config.tableName);
  return registerService(dynamoReleaseRegister(db, config.tableName), {
    timeZone: DEFAULT_FACILITY_RULES.timeZone,
    rules: (tenant) => facilityRules(settings, tenant),
  });
});

/** At most this many lines of a year in one answer (a Lambda answer holds 6 MB; a facility releases far fewer). */
export const REGISTER_CAP = 5000;

export { yearOf } from './year';
