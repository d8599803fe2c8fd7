import { documentRoutes } from '../../shared/routes/documents';
import { referenceListing } from './listing';

/** GET .../documents/device/{deviceUuid}: the documents of that device. */
export const handler = referenceListing(documentRoutes.device, 'DEVICE', 'deviceUuid');
