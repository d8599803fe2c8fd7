/**
 * Waste containers: fields, defaults, state rules, the release rule and computed values.
 * Pure domain code: no AWS, no HTTP library.
 */
import { newRecord, type StoredRecord } from './record';
import { AppError, conflict } from '../errors';
import { decay, longestHalfLife } from './decay';
import { formatTimestamp, parseTimestamp } from './time';
import {
  clearable,
  computed,
  type CreateOf,
  type DataOf,
  defaultsOf,
  type FieldName,
  type FieldTable,
  fieldsOf,
  kept,
  type ModelOf,
  presentModel,
  required,
  writable,
  type WritableField,
  writableFieldsOf,
} from './fields';

export const CONTAINER_STATES = ['OPEN', 'DECAY', 'RELEASE_DATE_REACHED', 'DISPATCHED', 'DISPOSED'] as const;
export type ContainerState = (typeof CONTAINER_STATES)[number];

/**
 * The 27 fields of interface §2.4, in its order: the one list of the container's fields. The
 * writable ones are the members of create and update bodies (§4.3); what each may hold is in
 * shared/schemas/container.ts.
 */
export const CONTAINER_TABLE = {
  Client: kept(),
  Facility: kept(),
  State: writable<ContainerState>('OPEN'),
  Name: required<string>(),
  Weight: clearable<number>(),
  MeasurementActivity: clearable<number>(),
  MeasurementFactor: clearable<number>(),
  MeasurementDate: clearable<string>(),
  MeasuredBy: clearable<string>(),
  MeasuredByName: computed(),
  CurrentSpecificActivity: computed(),
  MeasurementContamination: clearable<number>(),
  MeasurementContaminationDateTime: clearable<string>(),
  MeasurementContaminationBy: clearable<string>(),
  MeasurementContaminationByName: computed(),
  ReleaseDateTime: clearable<string>(),
  IsReleasedByRadiationProtectionOfficer: clearable<boolean>(),
  ReleasedByRadiationProtectionOfficerDateTime: clearable<string>(),
  ReleasedByRadiationProtectionOfficer: clearable<string>(),
  ReleasedByRadiationProtectionOfficerName: computed(),
  DispatchId: computed(),
  DisposeId: computed(),
  CyclotroneProductIds: computed(),
  GeneratorEluatIds: computed(),
  CreatedAt: kept(),
  UpdatedAt: kept(),
  Uuid: kept(),
} as const satisfies FieldTable;

export const CONTAINER_FIELDS = fieldsOf(CONTAINER_TABLE);
export type ContainerField = FieldName<typeof CONTAINER_TABLE>;
export const CONTAINER_MUTABLE_FIELDS = writableFieldsOf(CONTAINER_TABLE);
export type ContainerMutableField = WritableField<typeof CONTAINER_TABLE>;

/** Only a token with role `rpo` may set or change these (DESIGN §2). */
const RPO_FIELDS = [
  'IsReleasedByRadiationProtectionOfficer',
  'ReleasedByRadiationProtectionOfficer',
  'ReleasedByRadiationProtectionOfficerDateTime',
] as const satisfies readonly ContainerMutableField[];

export type ContainerData = DataOf<typeof CONTAINER_TABLE>;
export type ContainerPatch = Partial<ContainerData>;
/** A create body: Name, and any other writable field. */
export type ContainerCreate = CreateOf<typeof CONTAINER_TABLE>;

/** A stored container: its data plus identity, version (the ETag) and timestamps. */
export interface ContainerRecord extends ContainerData, StoredRecord {}

export const CONTENT_KINDS = ['CYCLOTRON_PRODUCT', 'GENERATOR_ELUAT'] as const;
/** What a container's audit entry records: its own life and its contents'. */
export const AUDIT_ACTIONS = ['created', 'updated', 'deleted', 'content_added', 'content_removed'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export type ContentKind = (typeof CONTENT_KINDS)[number];
/** At most this many contents a container (its load stays a few pages of one query). */
export const MAX_CONTENTS = 1000;

/**
 * What a container holds: a cyclotron product or a generator eluate, with its nuclide. Links written
 * by an import may lack the fields the contents API adds (uuid, activity, who and when).
 */
export interface ContentLink {
  kind: ContentKind;
  id: string;
  nuclide: string;
  uuid?: string | null;
  /** Bq at activityDateTime. */
  activity?: number | null;
  activityDateTime?: string | null;
  createdAt?: string | null;
  createdBy?: string | null;
}

/** The response model of a content (ContainerContentModel). */
export interface ContentModel {
  Uuid: string | null;
  Kind: ContentKind;
  ContentId: string;
  Nuclide: string;
  Activity: number | null;
  ActivityDateTime: string | null;
  CreatedAt: string | null;
  CreatedBy: string | null;
}

export const toContentModel = (link: ContentLink): ContentModel => ({
  Uuid: link.uuid ?? null,
  Kind: link.kind,
  ContentId: link.id,
  Nuclide: link.nuclide,
  Activity: link.activity ?? null,
  ActivityDateTime: link.activityDateTime ?? null,
  CreatedAt: link.createdAt ?? null,
  CreatedBy: link.createdBy ?? null,
});

/** A content link from its model (as a link item stores it; one written by an import may lack the optional ones). */
export const toContentLink = (model: Partial<ContentModel>): ContentLink => ({
  kind: model.Kind!,
  id: model.ContentId!,
  nuclide: model.Nuclide!,
  uuid: model.Uuid ?? null,
  activity: model.Activity ?? null,
  activityDateTime: model.ActivityDateTime ?? null,
  createdAt: model.CreatedAt ?? null,
  createdBy: model.CreatedBy ?? null,
});

/** Contents change only while the container is OPEN, once per ContentId, up to MAX_CONTENTS. */
export function checkContentAddable(record: ContainerRecord, links: readonly ContentLink[], contentId: string): void {
  checkContentsChangeable(record);
  if (links.some((l) => l.id === contentId)) throw conflict('container.content_duplicate', { contentId });
  if (links.length >= MAX_CONTENTS) throw conflict('container.contents_full', { max: MAX_CONTENTS });
}

export function checkContentsChangeable(record: ContainerRecord): void {
  if (record.State !== 'OPEN') throw conflict('container.contents_locked', { state: record.State });
}

/** The container after a contents change: a new version (its ETag moves), UpdatedAt now. */
export const touched = (record: ContainerRecord, now: Date): ContainerRecord => ({
  ...record,
  Version: record.Version + 1,
  UpdatedAt: formatTimestamp(now),
});

/** Everything a container response is computed from. */
export interface ContainerView {
  record: ContainerRecord;
  links: ContentLink[];
  dispatchId: string | null;
  disposeId: string | null;
}

export interface FieldChange {
  field: ContainerMutableField;
  old: unknown;
  new: unknown;
}

/** What a create sets for the fields its body leaves out (State OPEN, null elsewhere). */
export const CONTAINER_DEFAULTS = defaultsOf(CONTAINER_TABLE);
/** A container with nothing set: the defaults and an empty Name. */
export const EMPTY_CONTAINER: ContainerData = { ...CONTAINER_DEFAULTS, Name: '' };

const NEXT_STATES: Readonly<Record<ContainerState, readonly ContainerState[]>> = {
  OPEN: ['DECAY'],
  DECAY: ['RELEASE_DATE_REACHED'],
  RELEASE_DATE_REACHED: ['DISPATCHED', 'DISPOSED'],
  DISPATCHED: [],
  DISPOSED: [],
};

/** `DISPATCHED` and `DISPOSED` containers are records that must be kept: read-only, never deleted. */
const KEPT_STATES: readonly ContainerState[] = ['DISPATCHED', 'DISPOSED'];
export const isKeptRecord = (state: ContainerState): boolean => KEPT_STATES.includes(state);

export const canChangeState = (from: ContainerState, to: ContainerState): boolean =>
  from === to || NEXT_STATES[from].includes(to);

/** `DISPATCHED` and `DISPOSED` need a complete release by a radiation protection officer. */
export function missingRelease(data: ContainerData): string[] {
  const missing: string[] = [];
  if (data.IsReleasedByRadiationProtectionOfficer !== true) missing.push('IsReleasedByRadiationProtectionOfficer');
  if (!data.ReleasedByRadiationProtectionOfficer) missing.push('ReleasedByRadiationProtectionOfficer');
  if (!data.ReleasedByRadiationProtectionOfficerDateTime) missing.push('ReleasedByRadiationProtectionOfficerDateTime');
  return missing;
}

/** 403 when a caller without role `rpo` sets or changes a release field (sending the same value is no change). */
function checkRpoFields(roles: readonly string[], current: ContainerData, patch: ContainerPatch): void {
  if (roles.includes('rpo')) return;
  const touched = RPO_FIELDS.filter((field) => field in patch && patch[field] !== current[field]);
  if (touched.length) {
    throw new AppError(403, 'container.rpo_fields_forbidden', {
      details: touched.map((field) => ({ key: 'detail.field', params: { field } })),
    });
  }
}

function checkState(from: ContainerState | null, next: ContainerData): void {
  if (from === null && next.State !== 'OPEN') throw conflict('container.initial_state', { state: next.State });
  if (from !== null && !canChangeState(from, next.State)) {
    throw conflict('container.state_change_forbidden', { from, to: next.State });
  }
  if (next.State === 'DISPATCHED' || next.State === 'DISPOSED') {
    const missing = missingRelease(next);
    if (missing.length) {
      throw conflict(
        'container.release_required',
        { to: next.State },
        missing.map((field) => ({ key: 'detail.required', params: { field } })),
      );
    }
  }
}

/** A new container from a validated create body. */
export function createContainer(
  tenant: { client: string; facility: string },
  uuid: string,
  patch: ContainerCreate,
  roles: readonly string[],
  now: Date,
): ContainerRecord {
  checkRpoFields(roles, EMPTY_CONTAINER, patch);
  const data: ContainerData = { ...CONTAINER_DEFAULTS, ...patch };
  checkState(null, data);
  return { ...data, ...newRecord(tenant, uuid, now) };
}

/** Applies a validated partial update: present members are set, absent ones stay, null clears. */
export function updateContainer(
  current: ContainerRecord,
  patch: ContainerPatch,
  roles: readonly string[],
  now: Date,
): { next: ContainerRecord; changes: FieldChange[] } {
  const next: ContainerRecord = { ...current, ...patch };
  const changes = CONTAINER_MUTABLE_FIELDS.filter((field) => next[field] !== current[field]).map((field) => ({
    field,
    old: current[field],
    new: next[field],
  }));
  if (changes.length && isKeptRecord(current.State)) throw conflict('container.read_only', { state: current.State });
  checkRpoFields(roles, current, patch);
  checkState(current.State, next);
  return { next: { ...next, Version: current.Version + 1, UpdatedAt: formatTimestamp(now) }, changes };
}

export function checkDeletable(current: ContainerRecord): void {
  if (current.State !== 'OPEN') throw conflict('container.delete_forbidden', { state: current.State });
}

/** The change list of a create (every field set) or a delete (every field cleared), for the audit. */
export function allFieldsAsChanges(data: ContainerData, direction: 'created' | 'deleted'): FieldChange[] {
  return CONTAINER_MUTABLE_FIELDS.filter((field) => data[field] !== null).map((field) =>
    direction === 'created' ? { field, old: null, new: data[field] } : { field, old: data[field], new: null },
  );
}

/** The state a transition creates a record for, and which record. */
export function transitionRecord(from: ContainerState | null, to: ContainerState): 'DISPATCH' | 'DISPOSE' | undefined {
  if (from === to) return undefined;
  if (to === 'DISPATCHED') return 'DISPATCH';
  if (to === 'DISPOSED') return 'DISPOSE';
  return undefined;
}

/**
 * Specific activity now, in Bq/g: MeasurementActivity (Bq) x (MeasurementFactor or 1) / Weight (g),
 * decayed from MeasurementDate with the longest half-life among the linked nuclides. Null while an
 * input is missing, the weight is zero, or no linked nuclide is known.
 */
export function currentSpecificActivity(
  record: ContainerData,
  links: readonly ContentLink[],
  now: Date,
): number | null {
  const { MeasurementActivity: activity, Weight: weight, MeasurementDate: date } = record;
  if (activity === null || weight === null || weight <= 0 || date === null) return null;
  const measuredAt = parseTimestamp(date);
  const halfLife = longestHalfLife(links.map((l) => l.nuclide));
  if (!measuredAt || halfLife === undefined) return null;
  const specific = (activity * (record.MeasurementFactor ?? 1)) / weight;
  return decay(specific, (now.getTime() - measuredAt.getTime()) / 1000, halfLife);
}

export type ContainerModel = ModelOf<typeof CONTAINER_TABLE>;

/** The response model: exactly the 27 fields of §2.4, in order; the stored ones as stored. */
export function toContainerModel(view: ContainerView, names: ReadonlyMap<string, string>, now: Date): ContainerModel {
  const { record, links } = view;
  const nameOf = (id: string | null) => (id === null ? null : (names.get(id) ?? null));
  const idsOf = (kind: ContentKind) => {
    const ids = links.filter((l) => l.kind === kind).map((l) => l.id);
    return ids.length ? ids : null;
  };
  return presentModel(CONTAINER_TABLE, record, {
    MeasuredByName: nameOf(record.MeasuredBy),
    CurrentSpecificActivity: currentSpecificActivity(record, links, now),
    MeasurementContaminationByName: nameOf(record.MeasurementContaminationBy),
    ReleasedByRadiationProtectionOfficerName: nameOf(record.ReleasedByRadiationProtectionOfficer),
    DispatchId: view.dispatchId,
    DisposeId: view.disposeId,
    CyclotroneProductIds: idsOf('CYCLOTRON_PRODUCT'),
    GeneratorEluatIds: idsOf('GENERATOR_ELUAT'),
  });
}

/** The default item of `loadDefault`: the tenant, the create defaults, null elsewhere. */
export function defaultContainerModel(tenant: { client: string; facility: string }): ContainerModel {
  const model = Object.fromEntries(CONTAINER_FIELDS.map((f) => [f, null])) as ContainerModel;
  return Object.assign(model, CONTAINER_DEFAULTS, { Client: tenant.client, Facility: tenant.facility });
}

/** The person ids a container refers to (for name resolution). */
export const personIdsOf = (record: ContainerData): string[] =>
  [record.MeasuredBy, record.MeasurementContaminationBy, record.ReleasedByRadiationProtectionOfficer].filter(
    (id): id is string => id !== null,
  );
