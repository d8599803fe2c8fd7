/**
 * Wiring of the book's reports to the authority over the request's tenant session, on the calendar of the facility's
 * time zone (its settings).
 */
import { config } from '../../shared/config';
import { dynamoSettingsStore } from '../../shared/data/facility-settings';
import { dynamoMaterialStore } from '../../shared/data/material';
import { perTenant } from '../../shared/http/tenant';
import { facilityRules } from '../../shared/services/facility-settings';
import { materialReports } from '../../shared/services/material-reports';
import { materialStock } from '../../shared/services/material-stock';
import { bookOver } from './stock';

export const reports = perTenant((session) => {
  const { db, holding, lines } = bookOver(session);
  const store = dynamoMaterialStore(db, config.tableName);
  const settings = dynamoSettingsStore(db, config.tableName);
  return {
    reports: materialReports(lines, store, materialStock(store, holding, lines)),
    timeZoneOf: async (tenant: Parameters<typeof facilityRules>[1]) => (await facilityRules(settings, tenant)).TimeZone,
  };
});
