import { documentRoutes } from '../../shared/routes/documents';
import { wholeListing } from './listing';

export const handler = wholeListing(documentRoutes.find, (_request, state) => ({
  kind: 'all',
  ...(state ? { state } : {}),
}));
