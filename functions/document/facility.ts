import { documentRoutes } from '../../shared/routes/documents';
import { wholeListing } from './listing';

/** GET .../documents/facility: the facility's documents with scope DOCUMENT_FOLDER. */
export const handler = wholeListing(documentRoutes.facility, (_request, state) => ({
  kind: 'scope',
  scope: 'DOCUMENT_FOLDER',
  ...(state ? { state } : {}),
}));
