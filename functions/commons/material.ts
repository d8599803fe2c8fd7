/**
 * Wiring of the material book's reads over the request's tenant session: the items, their movements, the stock and
 * the reports to the authority need the table alone, so their functions load no S3 client. The book's writes and its
 * verification, which reach the lines' locked copies in the records bucket, are wired in ./book.ts; the licences in
 * ./licences.ts and a movement into a container in ./moving.ts.
 */
import { tenantDocumentClient } from '../../shared/clients/dynamodb';
import type { TenantSession } from '../../shared/clients/tenant-sessions';
import { config } from '../../shared/config';
import { dynamoContainerStore } from '../../shared/data/containers';
import { dynamoSettingsStore } from '../../shared/data/facility-settings';
import { dynamoMaterialStore } from '../../shared/data/material';
import { dynamoMaterialBook } from '../../shared/data/material-book';
import { perTenant } from '../../shared/http/tenant';
import { holdingReader } from '../../shared/services/container-book';
import { facilityRules } from '../../shared/services/facility-settings';
import { materialReads } from '../../shared/services/material-reads';
import { materialReports } from '../../shared/services/material-reports';
import { materialStock } from '../../shared/services/material-stock';

/** The book's items and lines over one session, and the containers that hold its material. */
export function bookOver(session: TenantSession) {
  const db = tenantDocumentClient(session);
  const holding = holdingReader(dynamoContainerStore(db, config.tableName));
  return { db, holding, lines: dynamoMaterialBook(db, config.tableName) };
}

/** The book's reads: an item, the items, an item's movements, the stock. */
export const materialReading = perTenant((session) => {
  const { db, holding, lines } = bookOver(session);
  const store = dynamoMaterialStore(db, config.tableName);
  return materialReads(store, materialStock(store, holding, lines));
});

/** The reports to the authority, on the calendar of the facility's time zone (its settings). */
export const reports = perTenant((session) => {
  const { db, holding, lines } = bookOver(session);
  const store = dynamoMaterialStore(db, config.tableName);
  const settings = dynamoSettingsStore(db, config.tableName);
  return {
    reports: materialReports(lines, store, materialStock(store, holding, lines)),
    timeZoneOf: async (tenant: Parameters<typeof facilityRules>[1]) => (await facilityRules(settings, tenant)).TimeZone,
  };
});
