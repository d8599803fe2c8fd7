import { documentRoutes } from '../../shared/routes/documents';
import { wholeListing } from './listing';

export const handler = wholeListing(documentRoutes.facility, (_request, state) => ({
  kind: 'scope',
  scope: 'DOCUMENT_FOLDER',
  ...(state ? { state } : {}),
}));
