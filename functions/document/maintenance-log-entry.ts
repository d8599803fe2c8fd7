import { documentRoutes } from '../../shared/routes/documents';
import { referenceListing } from './listing';

/** GET .../documents/maintenance-log-entry/{maintenanceLogEntryUuid}: the documents of that maintenance log entry. */
export const handler = referenceListing(
  documentRoutes.maintenanceLogEntry,
  'MAINTENANCE_LOG_ENTRY',
  'maintenanceLogEntryUuid',
);
