import * as v from 'valibot';
import { MAINTENANCE_FIELDS, MAINTENANCE_MUTABLE_FIELDS, MAINTENANCE_STATES } from '../domain/maintenance';
import { displayName, identifier, model, oneOf, present, text, timestamp } from './fields';

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

/** The response model (§2.5): the mutable fields as the bodies take them, names computed. */
export const maintenanceModel = model(MAINTENANCE_FIELDS, {
  Client: identifier,
  Facility: identifier,
  ...present(entries),
  DeviceName: displayName,
  ReporterName: displayName,
  SolverName: displayName,
  CreatedAt: v.nullable(timestamp),
  UpdatedAt: v.nullable(timestamp),
  Uuid: identifier,
} satisfies Record<(typeof MAINTENANCE_FIELDS)[number], v.GenericSchema>);
