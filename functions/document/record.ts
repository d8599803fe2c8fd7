import { documentRoutes } from '../../shared/routes/documents';
import { referenceListing } from './listing';

/** GET .../documents/record/{recordUuid}: the documents of that record. */
export const handler = referenceListing(documentRoutes.record, 'RECORD', 'recordUuid');
