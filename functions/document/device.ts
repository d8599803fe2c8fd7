import { referenceListing } from './listing';

/** GET .../documents/device/{deviceUuid}: the documents of that device. */
export const handler = referenceListing('document.device', 'DEVICE', 'deviceUuid');
