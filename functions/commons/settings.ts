/**
 * Wiring of a facility's settings over the request's tenant session: the settings routes use the service; any
 * function that needs the facility's regime or calendar (the label, the release, the register) calls
 * `settings.of(request)` and then `.rules(tenant)`, or `facilityRules(dynamoSettingsStore(db, table), tenant)` over
 * a session it already has.
 */
import { tenantDocumentClient } from '../../shared/clients/dynamodb';
import { config } from '../../shared/config';
import { dynamoSettingsStore } from '../../shared/data/facility-settings';
import { perTenant } from '../../shared/http/tenant';
import { settingsService } from '../../shared/services/facility-settings';

export const settings = perTenant((session) =>
  settingsService(dynamoSettingsStore(tenantDocumentClient(session), config.tableName)),
);
