/** Wiring of the label function: the container service and the facility's regime and time zone, over one session. */
import { tenantDocumentClient } from '../../shared/clients/dynamodb';
import { config } from '../../shared/config';
import { dynamoContainerStore } from '../../shared/data/containers';
import { dynamoSettingsStore } from '../../shared/data/facility-settings';
import type { Tenant } from '../../shared/data/table';
import { perTenant } from '../../shared/http/tenant';
import { containerService } from '../../shared/services/containers';
import { facilityRules } from '../../shared/services/facility-settings';

export const containerLabelOf = perTenant((session) => {
  const db = tenantDocumentClient(session);
  const settings = dynamoSettingsStore(db, config.tableName);
  return {
    containers: containerService(dynamoContainerStore(db, config.tableName)),
    rules: (tenant: Tenant) => facilityRules(settings, tenant),
  };
});
