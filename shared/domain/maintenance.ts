/**
 * Maintenance log entries: incidents on devices. Fields, defaults, the SOLVED rule, the listing
 * order and the response model. Pure domain code: no AWS, no HTTP library.
 */
import type { StoredRecord } from './record';
import { badRequest } from '../errors';
import type { Detail } from '../i18n/translate';
import { formatTimestamp, parseTimestamp } from './time';

export const MAINTENANCE_STATES = ['ONGOING', 'SOLVED'] as const;
export type MaintenanceState = (typeof MAINTENANCE_STATES)[number];

/** The 17 fields of interface §2.5, in its order. */
export const MAINTENANCE_FIELDS = [
  'Client', 'Facility', 'Device', 'DeviceName', 'Reporter', 'ReporterName', 'Solver', 'SolverName', 'State',
  'IncidentTitle', 'IncidentCause', 'IncidentSolution', 'IncidentDateStart', 'IncidentDateEnd', 'CreatedAt', 'UpdatedAt', 'Uuid',
] as const;
/** Members of create and update bodies (DESIGN §5). */
export const MAINTENANCE_MUTABLE_FIELDS = [
  'Device', 'Reporter', 'Solver', 'State', 'IncidentTitle', 'IncidentCause', 'IncidentSolution', 'IncidentDateStart', 'IncidentDateEnd',
] as const;

export interface MaintenanceData {
  Device: string | null;
  Reporter: string;
  Solver: string | null;
  State: MaintenanceState;
  IncidentTitle: string;
  IncidentCause: string;
  IncidentSolution: string | null;
  IncidentDateStart: string;
  IncidentDateEnd: string | null;
}
export type MaintenancePatch = Partial<MaintenanceData>;

export interface MaintenanceRecord extends MaintenanceData, StoredRecord {}

export type MaintenanceModel = Record<(typeof MAINTENANCE_FIELDS)[number], unknown>;

/** Listing order: newest incident first, then Uuid. This key sorts ascending oldest first. */
export const maintenanceOrderKey = (r: Pick<MaintenanceRecord, 'IncidentDateStart' | 'Uuid'>): string => `${r.IncidentDateStart}#${r.Uuid}`;

/**
 * The rules of an entry, one detail line per breach: a SOLVED entry names its solution, its end and
 * its solver; an end never lies before the start. (The API refuses a breach; the maintenance
 * operations report or avoid one.)
 */
export function entryRuleBreaches(data: Pick<MaintenanceData, 'State' | 'IncidentSolution' | 'IncidentDateEnd' | 'Solver' | 'IncidentDateStart'>): Detail[] {
  const details: Detail[] = [];
  if (data.State === 'SOLVED') {
    for (const field of ['IncidentSolution', 'IncidentDateEnd', 'Solver'] as const) {
      if (data[field] === null || data[field] === undefined || data[field] === '') details.push({ key: 'detail.required_when_solved', params: { field } });
    }
  }
  if (typeof data.IncidentDateEnd === 'string' && parseTimestamp(data.IncidentDateEnd)! < parseTimestamp(data.IncidentDateStart)!) {
    details.push({ key: 'detail.end_before_start', params: { field: 'IncidentDateEnd' } });
  }
  return details;
}

function checkRules(data: MaintenanceData): void {
  const details = entryRuleBreaches(data);
  if (details.length) throw badRequest(details);
}

export function createEntry(
  tenant: { client: string; facility: string },
  uuid: string,
  body: MaintenancePatch & Pick<MaintenanceData, 'IncidentTitle' | 'IncidentCause' | 'IncidentDateStart'>,
  caller: string,
  now: Date,
): MaintenanceRecord {
  const data: MaintenanceData = {
    Device: null, Solver: null, State: 'ONGOING', IncidentSolution: null, IncidentDateEnd: null, Reporter: caller,
    ...body,
  };
  checkRules(data);
  const at = formatTimestamp(now);
  return { ...data, Client: tenant.client, Facility: tenant.facility, Uuid: uuid, Version: 1, CreatedAt: at, UpdatedAt: at };
}

export function updateEntry(current: MaintenanceRecord, patch: MaintenancePatch, now: Date): { next: MaintenanceRecord; changed: boolean } {
  const next: MaintenanceRecord = { ...current, ...patch };
  checkRules(next);
  const changed = MAINTENANCE_MUTABLE_FIELDS.some((f) => next[f] !== current[f]);
  return changed ? { next: { ...next, Version: current.Version + 1, UpdatedAt: formatTimestamp(now) }, changed } : { next: current, changed };
}

/** The people and the device an entry names, for the directory lookups. */
export const namedIn = (r: MaintenanceRecord) => ({
  persons: [r.Reporter, r.Solver].filter((id): id is string => id !== null),
  devices: r.Device === null ? [] : [r.Device],
});

/** The response model: exactly the 17 fields of §2.5, in order. */
export function toMaintenanceModel(r: MaintenanceRecord, names: { person(client: string, id: string | null): string | null; device(client: string, id: string | null): string | null }): MaintenanceModel {
  return {
    Client: r.Client,
    Facility: r.Facility,
    Device: r.Device,
    DeviceName: names.device(r.Client, r.Device),
    Reporter: r.Reporter,
    ReporterName: names.person(r.Client, r.Reporter),
    Solver: r.Solver,
    SolverName: names.person(r.Client, r.Solver),
    State: r.State,
    IncidentTitle: r.IncidentTitle,
    IncidentCause: r.IncidentCause,
    IncidentSolution: r.IncidentSolution,
    IncidentDateStart: r.IncidentDateStart,
    IncidentDateEnd: r.IncidentDateEnd,
    CreatedAt: r.CreatedAt,
    UpdatedAt: r.UpdatedAt,
    Uuid: r.Uuid,
  };
}
