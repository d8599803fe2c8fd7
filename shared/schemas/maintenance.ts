import { MAINTENANCE_STATES, MAINTENANCE_TABLE } from '../domain/maintenance';
import { displayName, identifier, oneOf, schemasOf, text, timestamp } from './fields';

/** A log entry's schemas from its field table (shared/domain/maintenance.ts). */
const schemas = schemasOf(MAINTENANCE_TABLE, {
  writable: {
    Device: identifier,
    Reporter: identifier,
    Solver: identifier,
    State: oneOf(MAINTENANCE_STATES),
    IncidentTitle: text(1, 64),
    IncidentCause: text(1, 512),
    IncidentSolution: text(1, 512),
    IncidentDateStart: timestamp,
    IncidentDateEnd: timestamp,
  },
  computed: { DeviceName: displayName, ReporterName: displayName, SolverName: displayName },
});

export const maintenanceUpdateSchema = schemas.update;
/** Create: title, cause and start are required; Reporter defaults to the caller, State to ONGOING. */
export const maintenanceCreateSchema = schemas.create;
export const maintenanceMembers = schemas.members;
/** The response model (§2.5): the mutable fields as the bodies take them, names computed. */
export const maintenanceModel = schemas.model;
