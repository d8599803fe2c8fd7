import { wholeListing } from './listing';

/** GET .../documents: every document of the facility (up to 1,000; then a Warning). */
export const handler = wholeListing('document.find', (_request, state) => ({ kind: 'all', ...(state ? { state } : {}) }));
