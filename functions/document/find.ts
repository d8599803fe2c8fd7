import { documentRoutes } from '../../shared/routes/documents';
import { wholeListing } from './listing';

/** GET .../documents: every document of the facility (up to 1,000; then a Warning). */
export const handler = wholeListing(documentRoutes.find, (_request, state) => ({
  kind: 'all',
  ...(state ? { state } : {}),
}));
