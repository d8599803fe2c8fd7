/**
 * The rules of a container's create and update: who may set what, what is plausible, what a release freezes, the
 * release fields, the predicted release date and the gate. Pure domain code: no AWS, no HTTP library.
 */
import { AppError, badRequest, conflict, refuseBreaches } from '../errors';
import type { Detail, NotificationSpec } from '../i18n/translate';
import { checkReached, predictionGap, assessContainer } from './container-assessment';
import { fieldChanges, type FieldChange } from './container-audit';
import { checkLabels, checkMassCorrection } from './container-closing';
import { futureDetail, type ContentLink } from './container-contents';
import {
  CONTAINER_DEFAULTS,
  CONTAINER_MUTABLE_FIELDS,
  EMPTY_CONTAINER,
  RPO_FIELDS,
  type ContainerCreate,
  type ContainerData,
  type ContainerMutableField,
  type ContainerPatch,
  type ContainerRecord,
} from './container-fields';
import { checkState, isKeptRecord, isReleased } from './container-states';
import type { MeasuredDecision } from './decision-measurement';
import { createdRecord, newVersion } from './record';
import type { AssessedContainer, ReleaseAssessment } from './release-assessment';
import { DEFAULT_REGIME, type Regime } from './regimes';
import { formatTimestamp, isInTheFuture } from './time';

/** The fields the release assessment reads: a change of one while in DECAY predicts the release date again. */
export const ASSESSED_FIELDS = [
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
  refuseBreaches(problems);
  return releasing;
}

/**
 * Who took a measurement the body enters: the one it names, else the caller (whoever enters the closing measurement
 * or the contamination measured it, unless the body says who did).
 */
function measuredBy(current: ContainerData, patch: ContainerPatch, caller: string | undefined): ContainerPatch {
  if (caller === undefined) return {};
  const entered = (fields: readonly (keyof ContainerPatch)[]) =>
    fields.some((f) => patch[f] !== undefined && patch[f] !== null && patch[f] !== current[f]);
  return {
    ...(patch.MeasuredBy === undefined && entered(['MeasurementActivity', 'MeasurementDate'])
      ? { MeasuredBy: caller }
      : {}),
    ...(patch.MeasurementContaminationBy === undefined &&
    entered(['MeasurementContamination', 'MeasurementContaminationDateTime'])
      ? { MeasurementContaminationBy: caller }
      : {}),
  };
}

/** A new container from a validated create body (the release fields are set by a release only). */
export function createContainer(
  tenant: { client: string; facility: string },
  uuid: string,
  patch: ContainerCreate,
  roles: readonly string[],
  now: Date,
  caller?: string,
): ContainerRecord {
  checkRpoFields(roles, EMPTY_CONTAINER, patch);
  checkPlausible(patch, now);
  checkLabels(EMPTY_CONTAINER, patch.LabelsRemoved, false);
  if (checkReleaseFields(EMPTY_CONTAINER, patch, undefined))
    throw conflict('container.release_state', { state: 'OPEN' });
  const data: ContainerData = { ...CONTAINER_DEFAULTS, ...patch, ...measuredBy(EMPTY_CONTAINER, patch, caller) };
  checkState(null, data);
  return createdRecord(tenant, uuid, data, now);
}

/** 409 when a client sets a ReleaseDateTime earlier than the predicted one. */
function checkReleaseDate(patch: ContainerPatch, predicted: string | null): void {
  const date = patch.ReleaseDateTime;
  if (typeof date === 'string' && predicted !== null && date < predicted)
    throw conflict('container.release_date_too_early', { date, predicted });
}

/** What an update reads of the facility's regime (shared/domain/regimes/). */
export type ContainerRegime = Pick<Regime, 'ineligible' | 'predictRelease' | 'gate' | 'labels'>;

/**
 * Whether the labels may come off with this change: after the release (StrlSchV § 93 Abs. 2) or, where the regime
 * has them removed before it (10 CFR 35.92(a)(3)), also while the container is held for decay.
 */
const labelsMayGo = (regime: ContainerRegime, current: ContainerData, next: ContainerData, releasing: boolean) =>
  isReleased(current) ||
  releasing ||
  (regime.labels === 'BEFORE_RELEASE' && ['DECAY', 'RELEASE_DATE_REACHED'].includes(next.State));

/**
 * The gate into RELEASE_DATE_REACHED: the clearance assessment now (the German one), or the time held for decay
 * having passed (409 `container.held_for_decay` until the container's ReleaseDateTime).
 */
function checkGate(
  regime: ContainerRegime,
  assessment: ReleaseAssessment,
  next: ContainerData,
  links: readonly ContentLink[],
  now: Date,
  decision: Parameters<typeof checkReached>[4],
): void {
  if (regime.gate === 'CLEARANCE_ASSESSMENT') checkReached(assessment, next, links, now, decision);
  else if (next.ReleaseDateTime === null || next.ReleaseDateTime > formatTimestamp(now))
    throw conflict('container.held_for_decay', { date: next.ReleaseDateTime ?? '–' });
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
    /** The facility's regime: who may be held for decay, the predicted date, the gate, the labels (default German). */
    regime?: ContainerRegime;
  } = {},
): UpdateOutcome {
  const regime = context.regime ?? DEFAULT_REGIME;
  const links = context.links ?? [];
  const changed = (field: ContainerMutableField, data: ContainerData) => data[field] !== current[field];
  let next: ContainerRecord = { ...current, ...patch, ...measuredBy(current, patch, context.caller) };
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
  checkLabels(current, patch.LabelsRemoved, labelsMayGo(regime, current, next, releasing));
  if (releasing) {
    next = {
      ...next,
      ReleasedByRadiationProtectionOfficer: context.caller ?? null,
      ReleasedByRadiationProtectionOfficerDateTime: formatTimestamp(now),
    };
  }
  const decision = { decision: { measurement: context.decision ?? null, form: next.WasteForm } };
  const assessment = assessContainer(next, links, now, decision);
  const predicted = regime.predictRelease(next, links, assessment.PredictedReleaseDateTime);
  checkReleaseDate(patch, predicted);
  // Entering DECAY, or changing what the assessment reads while in it: the release date follows the data.
  const entering = current.State !== 'DECAY' && next.State === 'DECAY';
  if (entering && current.State === 'OPEN') {
    const ineligible = regime.ineligible(links);
    if (ineligible.length) throw conflict('container.not_eligible', { state: current.State }, ineligible);
  }
  const dataChanged = ASSESSED_FIELDS.some((field) => changed(field, next));
  if (next.State === 'DECAY' && (entering || dataChanged) && patch.ReleaseDateTime === undefined) {
    const date = next.ReleaseDateTime;
    if (entering && date === null && predicted !== null) {
      notes.push({ key: 'release.date_predicted', params: { date: predicted } });
      next = { ...next, ReleaseDateTime: predicted };
    } else if (entering && date === null) {
      notes.push({ key: 'release.not_predictable', params: { reason: predictionGap(assessment) } });
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
    checkGate(regime, assessment, next, links, now, decision);
  const changes = fieldChanges(current, next);
  return {
    next: newVersion(next, now),
    changes,
    releasing,
    notes,
  };
}
