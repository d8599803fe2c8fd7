/**
 * Waste containers: fields, defaults, state rules, the release rule and computed values.
 * Pure domain code: no AWS, no HTTP library.
 */
import { newRecord, type StoredRecord } from './record';
import { AppError, badRequest, conflict } from '../errors';
import type { Detail, NotificationSpec } from '../i18n/translate';
import {
  assessRelease,
  currentSpecificActivity,
  type AssessedContainer,
  type AssessedContent,
  type AssessmentOptions,
  type ReleaseAssessment,
} from './release-assessment';
import { checkDisposable, checkLabels, checkMassCorrection } from './container-closing';
import type { MeasuredDecision } from './decision-measurement';
import type { Impurity } from './nuclide-vector';
import type { WasteForm } from './release-types';
import { formatTimestamp, FUTURE_TOLERANCE_SECONDS, isInTheFuture } from './time';
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
 * The 27 fields of interface §2.4, in its order, then WasteForm and LabelsRemoved: the one list of the container's
 * fields. The writable ones are the members of create and update bodies (§4.3); what each may hold is in
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
  // Beyond §2.4 (DESIGN §6): what the container holds, and whether its radiation labels came off after the release.
  WasteForm: clearable<WasteForm>(),
  LabelsRemoved: writable<boolean>(false),
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
export const AUDIT_ACTIONS = [
  'created',
  'updated',
  'deleted',
  'content_added',
  'content_removed',
  'released',
  'measured',
] as const;
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
  /** Activity fractions of impurities at activityDateTime; [] none (certified), null not entered. */
  impurities?: readonly Impurity[] | null;
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
  /** Each impurity's activity over the content's Activity at ActivityDateTime; [] none, null not entered. */
  Impurities: { Nuclide: string; Fraction: number }[] | null;
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
  Impurities: link.impurities ? link.impurities.map((i) => ({ Nuclide: i.nuclide, Fraction: i.fraction })) : null,
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
  impurities: model.Impurities ? model.Impurities.map((i) => ({ nuclide: i.Nuclide, fraction: i.Fraction })) : null,
});

/**
 * Contents change only while the container is OPEN, once per ContentId, up to MAX_CONTENTS; an
 * activity's time lies at most FUTURE_TOLERANCE_SECONDS ahead of the server's clock (400).
 */
export function checkContentAddable(
  record: ContainerRecord,
  links: readonly ContentLink[],
  content: Pick<ContentLink, 'id' | 'activityDateTime'>,
  now: Date,
): void {
  if (content.activityDateTime && isInTheFuture(content.activityDateTime, now))
    throw badRequest([futureDetail('ActivityDateTime')]);
  const contentId = content.id;
  checkContentsChangeable(record);
  if (links.some((l) => l.id === contentId)) throw conflict('container.content_duplicate', { contentId });
  if (links.length >= MAX_CONTENTS) throw conflict('container.contents_full', { max: MAX_CONTENTS });
}

export function checkContentsChangeable(record: ContainerRecord): void {
  if (isReleased(record))
    throw conflict('container.release_frozen', { at: record.ReleasedByRadiationProtectionOfficerDateTime ?? '' });
  if (record.State !== 'OPEN') throw conflict('container.contents_locked', { state: record.State });
}

/** The ETag of a container version: strong, opaque, different for every item and version. */
export const etagOf = (record: Pick<ContainerRecord, 'Uuid' | 'Version'>): string =>
  `"${record.Uuid}.${record.Version}"`;

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

/**
 * The state machine: `OPEN -> DECAY <-> RELEASE_DATE_REACHED -> DISPOSED`, and `DISPATCHED` (handed to a
 * licensed disposer as radioactive waste) from DECAY or RELEASE_DATE_REACHED. Entering
 * RELEASE_DATE_REACHED is gated by the release assessment at that moment (the gate); DISPOSED needs a
 * release; DISPATCHED needs none: the material stays radioactive waste under the disposer's licence.
 */
const NEXT_STATES: Readonly<Record<ContainerState, readonly ContainerState[]>> = {
  OPEN: ['DECAY'],
  DECAY: ['RELEASE_DATE_REACHED', 'DISPATCHED'],
  RELEASE_DATE_REACHED: ['DECAY', 'DISPATCHED', 'DISPOSED'],
  DISPATCHED: [],
  DISPOSED: [],
};

/** `DISPATCHED` and `DISPOSED` containers are records that must be kept: read-only, never deleted. */
const KEPT_STATES: readonly ContainerState[] = ['DISPATCHED', 'DISPOSED'];
export const isKeptRecord = (state: ContainerState): boolean => KEPT_STATES.includes(state);

export const canChangeState = (from: ContainerState, to: ContainerState): boolean =>
  from === to || NEXT_STATES[from].includes(to);

/** A container a radiation protection officer released: kept 30 years (StrlSchV § 86 Abs. 2), its data frozen. */
export const isReleased = (data: Pick<ContainerData, 'IsReleasedByRadiationProtectionOfficer'>): boolean =>
  data.IsReleasedByRadiationProtectionOfficer === true;

/** The fields the release assessment reads: a change of one while in DECAY predicts the release date again. */
const ASSESSED_FIELDS = [
  'Weight',
  'MeasurementActivity',
  'MeasurementFactor',
  'MeasurementDate',
  'MeasurementContamination',
  'MeasurementContaminationDateTime',
] as const satisfies readonly (ContainerMutableField & keyof AssessedContainer)[];

/**
 * What a release determined and froze: the assessment's inputs and who measured them, the release date and the
 * release itself. Contents are frozen too (they change only while OPEN).
 */
const FROZEN_BY_RELEASE = [
  ...ASSESSED_FIELDS,
  'MeasuredBy',
  'MeasurementContaminationBy',
  'ReleaseDateTime',
  'WasteForm',
  ...RPO_FIELDS,
] as const satisfies readonly ContainerMutableField[];

/** `DISPOSED` needs a complete release by a radiation protection officer. */
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

/**
 * Plausibility of what a body sets (400 naming each field): a measurement's time at most
 * FUTURE_TOLERANCE_SECONDS ahead of the server's clock. (Weight and MeasurementFactor above 0 are the
 * schema's.)
 */
function checkPlausible(patch: ContainerPatch, now: Date): void {
  const future = (['MeasurementDate', 'MeasurementContaminationDateTime'] as const).filter((field) => {
    const value = patch[field];
    return typeof value === 'string' && isInTheFuture(value, now);
  });
  if (future.length) throw badRequest(future.map(futureDetail));
}

/** A time too far ahead, named: 400's detail line. */
const futureDetail = (field: string): Detail => ({
  key: 'detail.future',
  params: { field, minutes: FUTURE_TOLERANCE_SECONDS / 60 },
});

/**
 * The release fields are set by a release only (POST .../release, or an update setting
 * IsReleasedByRadiationProtectionOfficer true, which runs the same release): the officer is the caller,
 * the time the server's. Answers whether this change releases the container.
 */
function checkReleaseFields(current: ContainerData, patch: ContainerPatch, caller: string | undefined): boolean {
  const releasing = patch.IsReleasedByRadiationProtectionOfficer === true && !isReleased(current);
  const named = patch.ReleasedByRadiationProtectionOfficer;
  const problems: Detail[] = [];
  if (releasing) {
    if (named !== undefined && named !== null && named !== caller)
      problems.push({ key: 'detail.released_by_caller', params: { field: 'ReleasedByRadiationProtectionOfficer' } });
  } else if (!isReleased(current)) {
    // Without a release, the officer and the time cannot be set (null or the same value is no change).
    for (const field of [
      'ReleasedByRadiationProtectionOfficer',
      'ReleasedByRadiationProtectionOfficerDateTime',
    ] as const)
      if (patch[field] !== undefined && patch[field] !== null && patch[field] !== current[field])
        problems.push({ key: 'detail.set_by_release', params: { field } });
  }
  if (problems.length) throw badRequest(problems);
  return releasing;
}

function checkState(from: ContainerState | null, next: ContainerData): void {
  if (from === null && next.State !== 'OPEN') throw conflict('container.initial_state', { state: next.State });
  if (from !== null && !canChangeState(from, next.State)) {
    throw conflict('container.state_change_forbidden', { from, to: next.State });
  }
  if (next.State === 'DISPOSED' && from !== 'DISPOSED') {
    const missing = missingRelease(next);
    if (missing.length) {
      throw conflict(
        'container.release_required',
        { to: next.State },
        missing.map((field) => ({ key: 'detail.required', params: { field } })),
      );
    }
    checkDisposable(next);
  }
}

/**
 * What an assessment says against a release, as detail lines: the sums of ratios (mass and surface), what is
 * missing, the prediction, and the newest decision measurement's sums.
 */
export function clearanceDetails(assessment: ReleaseAssessment): Detail[] {
  const decision = assessment.DecisionMeasurement;
  const sum = (key: 'detail.sum_of_ratios' | 'detail.surface_sum_of_ratios', value: number | null | undefined) =>
    value == null ? [] : [{ key, params: { sum: formatSum(value), type: assessment.ReleaseType } } as const];
  return [
    ...sum('detail.sum_of_ratios', assessment.SumOfRatios),
    ...sum('detail.surface_sum_of_ratios', assessment.SurfaceCheck?.SumOfRatios),
    ...assessment.MissingInputs.map((field) => ({ key: 'detail.missing_input', params: { field } }) as const),
    ...(assessment.PredictionRemark === null
      ? []
      : [{ key: 'detail.prediction', params: { remark: assessment.PredictionRemark } } as const]),
    ...(decision === null
      ? []
      : [
          {
            key: 'detail.decision_measurement',
            params: {
              at: decision.MeasuredAt,
              sum: decision.SumOfRatios === null ? '–' : formatSum(decision.SumOfRatios),
              limits: String(decision.DetectionLimitsSufficient ?? '–'),
            },
          } as const,
        ]),
  ];
}

/**
 * The gate into RELEASE_DATE_REACHED: 409 unless, at this moment, the prediction from the closing measurement clears
 * the container or its newest decision measurement does. Its details name the sums, what is missing and why no date
 * can be predicted.
 */
export function checkReached(assessment: ReleaseAssessment): void {
  if (assessment.ClearanceReached === true || assessment.DecisionMeasurement?.ClearanceReached === true) return;
  throw conflict('container.clearance_not_reached', { type: assessment.ReleaseType }, clearanceDetails(assessment));
}

/** A sum of ratios as the notifications name it: four significant digits. */
export const formatSum = (sum: number) => Number(sum.toPrecision(4)).toString();

const assessedContents = (links: readonly ContentLink[]): AssessedContent[] =>
  links.map((l) => ({
    nuclide: l.nuclide,
    activity: l.activity ?? null,
    activityDateTime: l.activityDateTime ?? null,
    impurities: l.impurities ?? null,
  }));

/** The release assessment of a container's data with its contents, at `now`. */
export const assessContainer = (
  data: ContainerData,
  links: readonly ContentLink[],
  now: Date,
  options?: AssessmentOptions,
): ReleaseAssessment => assessRelease(data, assessedContents(links), now, options);

/** A new container from a validated create body (the release fields are set by a release only). */
export function createContainer(
  tenant: { client: string; facility: string },
  uuid: string,
  patch: ContainerCreate,
  roles: readonly string[],
  now: Date,
): ContainerRecord {
  checkRpoFields(roles, EMPTY_CONTAINER, patch);
  checkPlausible(patch, now);
  checkLabels(EMPTY_CONTAINER, patch.LabelsRemoved, false);
  if (checkReleaseFields(EMPTY_CONTAINER, patch, undefined))
    throw conflict('container.release_state', { state: 'OPEN' });
  const data: ContainerData = { ...CONTAINER_DEFAULTS, ...patch };
  checkState(null, data);
  return { ...data, ...newRecord(tenant, uuid, now) };
}

/** 409 when a client sets a ReleaseDateTime earlier than the predicted one. */
function checkReleaseDate(patch: ContainerPatch, assessment: ReleaseAssessment): void {
  const date = patch.ReleaseDateTime;
  const predicted = assessment.PredictedReleaseDateTime;
  if (typeof date === 'string' && predicted !== null && date < predicted)
    throw conflict('container.release_date_too_early', { date, predicted });
}

/** What an update decided beyond its data: whether it releases, and the Info notes it gives. */
export interface UpdateOutcome {
  next: ContainerRecord;
  changes: FieldChange[];
  /** The update sets the release: the caller runs the release act (its gate, its record) in the same write. */
  releasing: boolean;
  notes: NotificationSpec[];
}

/**
 * Applies a validated partial update: present members are set, absent ones stay, null clears. While
 * the container is (or enters) DECAY, a change of what the assessment reads predicts ReleaseDateTime
 * again; entering RELEASE_DATE_REACHED passes the gate.
 */
export function updateContainer(
  current: ContainerRecord,
  patch: ContainerPatch,
  roles: readonly string[],
  now: Date,
  context: {
    links?: readonly ContentLink[];
    caller?: string;
    /** An officer's reason on record (a mass raised after closing needs one). */
    justification?: string | null;
    /** The container's newest decision measurement: it too may open RELEASE_DATE_REACHED. */
    decision?: MeasuredDecision | null;
  } = {},
): UpdateOutcome {
  const links = context.links ?? [];
  const changed = (field: ContainerMutableField, data: ContainerData) => data[field] !== current[field];
  let next: ContainerRecord = { ...current, ...patch };
  const notes: NotificationSpec[] = [];
  if (CONTAINER_MUTABLE_FIELDS.some((field) => changed(field, next)) && isKeptRecord(current.State))
    throw conflict('container.read_only', { state: current.State });
  checkRpoFields(roles, current, patch);
  if (isReleased(current)) {
    const frozen = FROZEN_BY_RELEASE.filter((field) => changed(field, next));
    if (frozen.length || (next.State !== current.State && !isKeptRecord(next.State)))
      throw conflict(
        'container.release_frozen',
        { at: current.ReleasedByRadiationProtectionOfficerDateTime ?? '' },
        [...frozen, ...(next.State !== current.State ? ['State'] : [])].map((field) => ({
          key: 'detail.field',
          params: { field },
        })),
      );
  }
  checkPlausible(patch, now);
  checkMassCorrection(current, patch.Weight, roles, context.justification ?? null);
  const releasing = checkReleaseFields(current, patch, context.caller);
  checkLabels(current, patch.LabelsRemoved, isReleased(current) || releasing);
  if (releasing) {
    next = {
      ...next,
      ReleasedByRadiationProtectionOfficer: context.caller ?? null,
      ReleasedByRadiationProtectionOfficerDateTime: formatTimestamp(now),
    };
  }
  const assessment = assessContainer(next, links, now, {
    decision: { measurement: context.decision ?? null, form: next.WasteForm },
  });
  checkReleaseDate(patch, assessment);
  // Entering DECAY, or changing what the assessment reads while in it: the release date follows the data.
  const entering = current.State !== 'DECAY' && next.State === 'DECAY';
  const dataChanged = ASSESSED_FIELDS.some((field) => changed(field, next));
  if (next.State === 'DECAY' && (entering || dataChanged) && patch.ReleaseDateTime === undefined) {
    const predicted = assessment.PredictedReleaseDateTime;
    const date = next.ReleaseDateTime;
    if (entering && date === null && predicted !== null) {
      notes.push({ key: 'release.date_predicted', params: { date: predicted } });
      next = { ...next, ReleaseDateTime: predicted };
    } else if (dataChanged ? predicted !== date : date !== null && predicted !== null && date < predicted) {
      notes.push(
        predicted === null
          ? { key: 'release.date_unpredictable', params: { reason: predictionGap(assessment) } }
          : { key: 'release.date_repredicted', params: { date: predicted } },
      );
      next = { ...next, ReleaseDateTime: predicted };
    }
  }
  if (releasing && patch.ReleasedByRadiationProtectionOfficerDateTime !== undefined)
    notes.push({ key: 'release.time_from_server', params: { at: next.ReleasedByRadiationProtectionOfficerDateTime! } });
  checkState(current.State, next);
  // The gate: into RELEASE_DATE_REACHED only when the data clears the container now.
  if (next.State === 'RELEASE_DATE_REACHED' && current.State !== 'RELEASE_DATE_REACHED' && !releasing)
    checkReached(assessment);
  const changes = fieldChanges(current, next);
  return {
    next: { ...next, Version: current.Version + 1, UpdatedAt: formatTimestamp(now) },
    changes,
    releasing,
    notes,
  };
}

/** The writable fields that differ between two versions of a container, for the audit. */
export const fieldChanges = (current: ContainerData, next: ContainerData): FieldChange[] =>
  CONTAINER_MUTABLE_FIELDS.filter((field) => next[field] !== current[field]).map((field) => ({
    field,
    old: current[field],
    new: next[field],
  }));

/** Why an assessment predicts no release date: what is missing, or its remark. */
export const predictionGap = (assessment: ReleaseAssessment): string =>
  assessment.PredictionRemark ?? assessment.MissingInputs.join(', ');

/** Why an assessment does not clear, in words for logs and notes: its sums of ratios, or what it lacks. */
export function clearanceReason(assessment: ReleaseAssessment): string {
  if (assessment.SumOfRatios === null) return `cannot be assessed: ${predictionGap(assessment)}`;
  const surface = assessment.SurfaceCheck?.SumOfRatios;
  return `sum of ratios ${formatSum(assessment.SumOfRatios)}${
    surface == null ? '' : `, surface sum of ratios ${formatSum(surface)}`
  }`;
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
    CurrentSpecificActivity: currentSpecificActivity(record, assessedContents(links), now),
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
