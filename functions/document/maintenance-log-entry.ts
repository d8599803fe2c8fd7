import { documentRoutes } from '../../shared/routes/documents';
import { referenceListing } from './listing';

export const handler = referenceListing(
  documentRoutes.maintenanceLogEntry,
  'MAINTENANCE_LOG_ENTRY',
  'maintenanceLogEntryUuid',
);
