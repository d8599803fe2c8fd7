/**
 * Wiring of a movement of material: the material service, and the container service whose contents may be drawn from
 * the book (a TO_CONTAINER movement is a content of the container), over one session. Apart from ./bookings.ts, so
 * the receipts and elutions do not bundle the container service.
 */
import { perTenant } from '../../shared/http/tenant';
import { bookedContainers } from './booked-containers';
import { material } from './bookings';

export const moving = perTenant((session) => ({
  material: material.over(session),
  containers: bookedContainers.over(session),
}));
