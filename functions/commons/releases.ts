/**
 * Wiring of the functions that release containers (the release route, and the update, which releases when a body
 * sets the release): the release act over the request's tenant session (shared/http/tenant.ts), the records bucket
 * and the PDF renderer.
 */
import { tenantDocumentClient } from '../../shared/clients/dynamodb';
import { tenantS3Client } from '../../shared/clients/s3';
import { config } from '../../shared/config';
import { dynamoArchiveProgress } from '../../shared/data/archive-progress';
import { dynamoContainerStore } from '../../shared/data/containers';
import { s3FileStorage } from '../../shared/data/files';
import { perTenant } from '../../shared/http/tenant';
import { renderReleaseRecord } from '../../shared/records/pdf';
import { containerService } from '../../shared/services/containers';
import { DEFAULT_FACILITY_RULES, releaseAct } from '../../shared/services/release-act';
import { releaseService } from '../../shared/services/releases';
import { dynamoClearanceNoticeStore } from '../../shared/data/clearance-notices';
import { dynamoMeasurementStore } from '../../shared/data/measurements';
import { dynamoReleaseRegister } from '../../shared/data/releases';
import { bookPortOf } from './book';
import { dynamoSettingsStore } from '../../shared/data/facility-settings';
import { dynamoSurveyStore } from '../../shared/data/surveys';
import type { Tenant } from '../../shared/data/table';
import { facilityRules } from '../../shared/services/facility-settings';

/** The container service whose updates may release, and the release act's service, over one session. */
export const releasing = perTenant((session) => {
  const db = tenantDocumentClient(session);
  const store = dynamoContainerStore(db, config.tableName);
  const notices = dynamoClearanceNoticeStore(db, config.tableName);
  const measurements = dynamoMeasurementStore(db, config.tableName);
  const book = bookPortOf(session, db);
  const settings = dynamoSettingsStore(db, config.tableName);
  const rules = (tenant: Tenant) => facilityRules(settings, tenant);
  const act = releaseAct(store, {
    records: s3FileStorage(tenantS3Client(session), config.recordsBucketName),
    lockMode: config.recordsLockMode,
    progress: dynamoArchiveProgress(db, config.tableName),
    render: renderReleaseRecord,
    notices,
    measurements,
    register: dynamoReleaseRegister(db, config.tableName),
    maxAgeDays: config.decisionMeasurementMaxAgeDays,
    // The facility's regime and calendar from its settings; the factor is the default (10).
    facility: DEFAULT_FACILITY_RULES,
    settings: rules,
    surveys: dynamoSurveyStore(db, config.tableName),
    book,
  });
  return {
    containers: containerService(store, { release: act, measurements, notices, book, rules }),
    releases: releaseService(store, act, undefined, rules),
  };
});
