/**
 * The gate of the release act: the determination (StrlSchV § 42 Abs. 1) that a container meets the content of the
 * facility's clearance notice, made by a radiation protection officer at one moment. A container is released only
 * from RELEASE_DATE_REACHED, once, in a waste form the release type covers (Anlage 8 Teil B, § 37 Abs. 1 Nr. 3) and
 * the notice permits, under a notice in force that permits the type, resting on a decision measurement made since
 * the container last entered DECAY, recent, of its present mass, whose detection limits are low enough and whose
 * values, decayed to this moment, meet the type's (Anlage 8 Teil A Nr. 1 b: proof by measurement). There is no
 * override: a Justification is a note on the record and opens nothing. Pure: no AWS, no HTTP.
 */
import { conflict } from '../errors';
import { noticeMisfits, type ClearanceNotice } from './clearance-notice';
import type { ValueSource } from './clearance-values';
import { assessContainer, clearanceDetails } from './container-assessment';
import type { ContentLink } from './container-contents';
import type { ContainerRecord } from './container-fields';
import { isReleased } from './container-states';
import type { MeasuredDecision } from './decision-measurement';
import type { ReleaseAssessment } from './release-assessment';
import { RELEASE_TYPE_RULES, SPECIFIC_DISPOSAL_YEARLY_MASS_G, typeCovers, type ReleaseType } from './release-types';
import { formatTimestamp, parseTimestamp } from './time';

/** Everything the gate weighs, as the release act gathered it at `now`. */
export interface ReleaseGateInput {
  /** The container as stored (its release, its state). */
  stored: ContainerRecord;
  /** The state the release is made from. */
  state: ContainerRecord['State'];
  /** The container's data to release (the stored one, or an update's result that sets the release). */
  data: ContainerRecord;
  links: readonly ContentLink[];
  type: ReleaseType;
  notice: ClearanceNotice;
  /** The container's newest decision measurement. */
  measurement: MeasuredDecision | null;
  /** When the container last entered DECAY (its history), or null when its history does not say. */
  decayEnteredAt: string | null;
  /** g of SPECIFIC_DISPOSAL releases of the facility booked this calendar year. */
  disposalMassThisYear: number;
  /** A decision measurement older than this at the release no longer carries it (stage setting). */
  maxAgeDays: number;
  now: Date;
}

/** The values the type measures against: the table's, or for INDIVIDUAL the notice's. */
export const valueSourceOf = (type: ReleaseType, notice: Pick<ClearanceNotice, 'Limits'>): ValueSource =>
  type === 'INDIVIDUAL' ? { type, limits: notice.Limits } : { type };

const DAY_MS = 86_400_000;

/** Once only, and from RELEASE_DATE_REACHED only: 409 otherwise (checked first, before anything is read). */
export function checkReleasable(stored: ContainerRecord, state: ContainerRecord['State']): void {
  if (isReleased(stored))
    throw conflict('container.already_released', { at: stored.ReleasedByRadiationProtectionOfficerDateTime ?? '' });
  if (state !== 'RELEASE_DATE_REACHED') throw conflict('container.release_state', { state });
}

/** The gate: the assessment the release rests on, or 409 naming what does not hold. */
export function checkRelease(input: ReleaseGateInput): ReleaseAssessment {
  const { stored, data, type, notice, measurement, now } = input;
  checkReleasable(stored, input.state);
  const form = data.WasteForm;
  if (form === null) throw conflict('container.waste_form_required');
  if (!typeCovers(type, form))
    throw conflict('container.waste_form_not_permitted', {
      type,
      form,
      forms: RELEASE_TYPE_RULES[type].forms.join(', '),
    });
  const misfits = noticeMisfits(notice, { type, form, at: formatTimestamp(now) });
  if (misfits.length) throw conflict('container.notice_not_applicable', { fileNumber: notice.FileNumber }, misfits);
  if (type === 'SPECIFIC_DISPOSAL' && input.disposalMassThisYear + (data.Weight ?? 0) > SPECIFIC_DISPOSAL_YEARLY_MASS_G)
    throw conflict('container.disposal_mass_exceeded', {
      total: (input.disposalMassThisYear + (data.Weight ?? 0)) / 1000,
    });
  const since = input.decayEnteredAt ?? data.MeasurementDate ?? data.CreatedAt;
  if (measurement === null || measurement.MeasuredAt < since)
    throw conflict('container.decision_measurement_required', { since });
  const age = now.getTime() - parseTimestamp(measurement.MeasuredAt)!.getTime();
  if (age > input.maxAgeDays * DAY_MS)
    throw conflict('container.decision_measurement_stale', {
      at: measurement.MeasuredAt,
      reason: `older than ${input.maxAgeDays} days`,
    });
  if (measurement.WeightG !== data.Weight)
    throw conflict('container.decision_measurement_stale', {
      at: measurement.MeasuredAt,
      reason: `it measured ${measurement.WeightG} g, the container now weighs ${data.Weight ?? '–'} g`,
    });
  const assessment = assessContainer(data, input.links, now, {
    source: valueSourceOf(type, notice),
    decision: { measurement, form },
  });
  const decision = assessment.DecisionMeasurement!;
  if (decision.DetectionLimitsSufficient === false || decision.SurfaceDetectionLimitsSufficient === false)
    throw conflict(
      'container.detection_limit_too_high',
      { at: measurement.MeasuredAt, type },
      clearanceDetails(assessment),
    );
  if (decision.ClearanceReached !== true)
    throw conflict('container.clearance_not_reached', { type }, clearanceDetails(assessment));
  return assessment;
}
