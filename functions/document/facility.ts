import { wholeListing } from './listing';

/** GET .../documents/facility: the facility's documents with scope DOCUMENT_FOLDER. */
export const handler = wholeListing('document.facility', (_request, state) => ({ kind: 'scope', scope: 'DOCUMENT_FOLDER', ...(state ? { state } : {}) }));
