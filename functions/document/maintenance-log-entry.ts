import { referenceListing } from './listing';

/** GET .../documents/maintenance-log-entry/{maintenanceLogEntryUuid}: the documents of that maintenance log entry. */
export const handler = referenceListing('document.maintenanceLogEntry', 'MAINTENANCE_LOG_ENTRY', 'maintenanceLogEntryUuid');
