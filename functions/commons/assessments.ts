/**
 * Wiring of a container's release assessment and decay chart over the request's tenant session: the container, its
 * decision measurements and the clearance notices, all in the table (shared/services/container-assessments.ts).
 */
import { tenantDocumentClient } from '../../shared/clients/dynamodb';
import { config } from '../../shared/config';
import { dynamoClearanceNoticeStore } from '../../shared/data/clearance-notices';
import { dynamoContainerReader } from '../../shared/data/container-reader';
import { dynamoMeasurementStore } from '../../shared/data/measurements';
import { perTenant } from '../../shared/http/tenant';
import { containerAssessments } from '../../shared/services/container-assessments';

export const assessing = perTenant((session) => {
  const db = tenantDocumentClient(session);
  return containerAssessments(dynamoContainerReader(db, config.tableName), {
    measurements: dynamoMeasurementStore(db, config.tableName),
    notices: dynamoClearanceNoticeStore(db, config.tableName),
  });
});
