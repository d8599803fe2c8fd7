/**
 * Wiring of a movement of material: the material service, and the container service whose contents may be drawn from
 * the book (a TO_CONTAINER movement is a content of the container), over one session. Apart from ./material.ts, so the
 * book's other functions do not bundle the container service.
 */
import { perTenant } from '../../shared/http/tenant';
import { bookedContainers } from './book';
import { material } from './material';

export const moving = perTenant((session) => ({
  material: material.over(session),
  containers: bookedContainers.over(session),
}));
