/** Wiring of the label function: the containers and the facility's regime and time zone, over one session. */
import { tenantDocumentClient } from '../../shared/clients/dynamodb';
import { config } from '../../shared/config';
import { dynamoContainerReader } from '../../shared/data/container-reader';
import { dynamoSettingsStore } from '../../shared/data/facility-settings';
import { perTenant } from '../../shared/http/tenant';
import { labelService } from '../../shared/services/container-label';
import { facilityRules } from '../../shared/services/facility-settings';

export const containerLabelOf = perTenant((session) => {
  const db = tenantDocumentClient(session);
  const settings = dynamoSettingsStore(db, config.tableName);
  return labelService(dynamoContainerReader(db, config.tableName), (tenant) => facilityRules(settings, tenant));
});
