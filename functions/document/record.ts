import { referenceListing } from './listing';

/** GET .../documents/record/{recordUuid}: the documents of that record. */
export const handler = referenceListing('document.record', 'RECORD', 'recordUuid');
