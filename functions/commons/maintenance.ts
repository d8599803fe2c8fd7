/**
 * Wiring of the maintenance log functions: entries over the request's tenant session (shared/http/tenant.ts); the
 * report across tenants reads the all-tenant collection on the function's own client and each tenant's entries and
 * names with that tenant's session.
 */
import { db, tenantDocumentClient } from '../../shared/clients/dynamodb';
import { config } from '../../shared/config';
import { dynamoMaintenanceStore } from '../../shared/data/maintenance';
import { perTenant } from '../../shared/http/tenant';
import type { ApiRequest } from '../../shared/http/types';
import { maintenanceService } from '../../shared/services/maintenance';

/** A tenant's entries and names, with its session. */
const stores = perTenant((session) => dynamoMaintenanceStore(tenantDocumentClient(session), config.tableName));

export const maintenanceLog = perTenant((session) =>
  maintenanceService(stores.over(session), { pageSize: config.pageSize }),
);

const allTenants = dynamoMaintenanceStore(db, config.tableName);

/** The report (find and page): the all-tenant collection here, a tenant's own entries and names with its session. */
export const maintenanceReport = (request: ApiRequest) =>
  maintenanceService(allTenants, {
    pageSize: config.pageSize,
    storeOf: (tenant) => stores.forTenant(tenant, request.functionName),
  });
