import * as v from 'valibot';
import { MAINTENANCE_FIELDS, MAINTENANCE_MUTABLE_FIELDS, MAINTENANCE_STATES } from '../domain/maintenance';
import { identifier, oneOf, text, timestamp } from './fields';

const entries = {
  Device: v.optional(v.nullable(identifier)),
  Reporter: v.optional(identifier),
  Solver: v.optional(v.nullable(identifier)),
  State: v.optional(oneOf(MAINTENANCE_STATES)),
  IncidentTitle: v.optional(text(1, 64)),
  IncidentCause: v.optional(text(1, 512)),
  IncidentSolution: v.optional(v.nullable(text(1, 512))),
  IncidentDateStart: v.optional(timestamp),
  IncidentDateEnd: v.optional(v.nullable(timestamp)),
};

export const maintenanceUpdateSchema = v.object(entries);
/** Create: title, cause and start are required; Reporter defaults to the caller, State to ONGOING. */
export const maintenanceCreateSchema = v.object({ ...entries, IncidentTitle: text(1, 64), IncidentCause: text(1, 512), IncidentDateStart: timestamp });

export const maintenanceMembers = {
  writable: MAINTENANCE_MUTABLE_FIELDS,
  readOnly: MAINTENANCE_FIELDS.filter((f) => !(MAINTENANCE_MUTABLE_FIELDS as readonly string[]).includes(f)),
};
