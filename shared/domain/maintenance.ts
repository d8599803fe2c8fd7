/**
 * Maintenance log entries: incidents on devices. Fields, defaults, the SOLVED rule, the listing
 * order and the response model. Pure domain code: no AWS, no HTTP library.
 */
import type { RecordTenant, StoredRecord } from './record';
import { recordKind } from './record-kind';
import type { Detail } from '../i18n/translate';
import { parseTimestamp } from './time';
import { clearable, computed, kept, presentModel, required, writable } from './fields';
import type { CreateOf, DataOf, FieldTable, ModelOf } from './fields';

export const MAINTENANCE_STATES = ['ONGOING', 'SOLVED'] as const;
export type MaintenanceState = (typeof MAINTENANCE_STATES)[number];

/**
 * The 17 fields of interface §2.5, in its order: the one list of a log entry's fields. The writable
 * ones are the members of create and update bodies (DESIGN §5); what each may hold is in
 * shared/schemas/maintenance.ts.
 */
export const MAINTENANCE_TABLE = {
  Client: kept(),
  Facility: kept(),
  Device: clearable<string>(),
  DeviceName: computed(),
  /** The caller when a create leaves it out. */
  Reporter: writable<string>(),
  ReporterName: computed(),
  Solver: clearable<string>(),
  SolverName: computed(),
  State: writable<MaintenanceState>('ONGOING'),
  IncidentTitle: required<string>(),
  IncidentCause: required<string>(),
  IncidentSolution: clearable<string>(),
  IncidentDateStart: required<string>(),
  IncidentDateEnd: clearable<string>(),
  CreatedAt: kept(),
  UpdatedAt: kept(),
  Uuid: kept(),
} as const satisfies FieldTable;

const entries = recordKind(MAINTENANCE_TABLE, entryRuleBreaches);
export const MAINTENANCE_FIELDS = entries.fields;
export const MAINTENANCE_MUTABLE_FIELDS = entries.writable;

export type MaintenanceData = DataOf<typeof MAINTENANCE_TABLE>;
export type MaintenancePatch = Partial<MaintenanceData>;
/** A create body: title, cause and start, and any other writable field. */
export type MaintenanceCreate = CreateOf<typeof MAINTENANCE_TABLE>;

export interface MaintenanceRecord extends MaintenanceData, StoredRecord {}

export type MaintenanceModel = ModelOf<typeof MAINTENANCE_TABLE>;

/** Listing order: newest incident first, then Uuid. This key sorts ascending oldest first. */
export const maintenanceOrderKey = (r: Pick<MaintenanceRecord, 'IncidentDateStart' | 'Uuid'>): string =>
  `${r.IncidentDateStart}#${r.Uuid}`;

/**
 * The rules of an entry, one detail line per breach: a SOLVED entry names its solution, its end and
 * its solver; an end never lies before the start. (The API refuses a breach; the maintenance
 * operations report or avoid one.)
 */
export function entryRuleBreaches(
  data: Pick<MaintenanceData, 'State' | 'IncidentSolution' | 'IncidentDateEnd' | 'Solver' | 'IncidentDateStart'>,
): Detail[] {
  const details: Detail[] = [];
  if (data.State === 'SOLVED') {
    for (const field of ['IncidentSolution', 'IncidentDateEnd', 'Solver'] as const) {
      if (data[field] === null || data[field] === undefined || data[field] === '')
        details.push({ key: 'detail.required_when_solved', params: { field } });
    }
  }
  if (
    typeof data.IncidentDateEnd === 'string' &&
    parseTimestamp(data.IncidentDateEnd)! < parseTimestamp(data.IncidentDateStart)!
  ) {
    details.push({ key: 'detail.end_before_start', params: { field: 'IncidentDateEnd' } });
  }
  return details;
}

/** A new entry from a validated create body; the caller reports it unless the body names the reporter. */
export const createEntry = (tenant: RecordTenant, uuid: string, body: MaintenanceCreate, caller: string, now: Date) =>
  entries.create(tenant, uuid, { Reporter: caller, ...body }, now);

export const updateEntry = (current: MaintenanceRecord, patch: MaintenancePatch, now: Date) =>
  entries.update(current, patch, now);

/** The people and the device an entry names, for the directory lookups. */
export const namedIn = (r: MaintenanceRecord) => ({
  persons: [r.Reporter, r.Solver].filter((id): id is string => id !== null),
  devices: r.Device === null ? [] : [r.Device],
});

/** The response model: exactly the 17 fields of §2.5, in order. */
export function toMaintenanceModel(
  r: MaintenanceRecord,
  names: {
    person(client: string, id: string | null): string | null;
    device(client: string, id: string | null): string | null;
  },
): MaintenanceModel {
  return presentModel(MAINTENANCE_TABLE, r, {
    DeviceName: names.device(r.Client, r.Device),
    ReporterName: names.person(r.Client, r.Reporter),
    SolverName: names.person(r.Client, r.Solver),
  });
}
