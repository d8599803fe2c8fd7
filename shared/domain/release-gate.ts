/**
 * The gate of the release act: the determination (StrlSchV § 42 Abs. 1) that a container meets the content of the
 * facility's clearance notice, made by a radiation protection officer at one moment. A container is released only
 * from RELEASE_DATE_REACHED, once, in a waste form the release type covers (Anlage 8 Teil B, § 36 Abs. 1 Nr. 3 and 4,
 * § 37 Abs. 1) and the notice permits, under a notice in force that permits the type, within the averaging mass
 * (Anlage 8 Teil A Nr. 1 c), for disposal to a plant the notice names (§ 40 Abs. 2) within 100 Mg of the calendar year
 * (§ 36 Abs. 1 Nr. 3 c aa, Nr. 4 c aa), with every expected impurity entered, resting on a decision measurement made
 * since the container last entered DECAY, recent, of its present mass, by a suitable instrument (§ 90 Abs. 4), whose
 * detection limits are low enough, which agrees with the prediction or whose disagreement an officer explains, and
 * whose values, decayed to this moment, meet the type's (Anlage 8 Teil A Nr. 1 b: proof by measurement). There is no
 * override: a Justification or a DiscrepancyCause is a note on the record and opens nothing the values do not.
 * Pure: no AWS, no HTTP.
 */
import { conflict } from '../errors';
import {
  averagingMassLimitG,
  type ClearanceNotice,
  type DisposalPlant,
  disposalPlantOf,
  noticeMisfits,
} from './clearance-notice';
import type { ValueSource } from './clearance-values';
import { assessContainer, clearanceDetails, formatSum, throwImpuritiesUnknown } from './container-assessment';
import type { ContentLink } from './container-contents';
import type { ContainerRecord } from './container-fields';
import { isReleased } from './container-states';
import { COVERAGE_K, type MeasuredDecision } from './decision-measurement';
import { checkFit } from './instrument';
import type { ReleaseAssessment } from './release-assessment';
import {
  isDisposalRoute,
  RELEASE_TYPE_RULES,
  SPECIFIC_DISPOSAL_YEARLY_MASS_G,
  typeCovers,
  type ReleaseType,
} from './release-types';
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
  /** The plant a release for disposal names (by its name in the notice); null otherwise. */
  plant: string | null;
  /** The container's newest decision measurement. */
  measurement: MeasuredDecision | null;
  /** When the container last entered DECAY (its history), or null when its history does not say. */
  decayEnteredAt: string | null;
  /**
   * g released on the type's disposal route (and before the routes were told apart, for disposal) in the facility's
   * calendar year of the release: `year` in `timeZone`.
   */
  disposal: { massThisYear: number; year: number; timeZone: string };
  /** A decision measurement older than this at the release no longer carries it (stage setting). */
  maxAgeDays: number;
  /** How far below the prediction a decision measurement may lie (the facility's). */
  discrepancyFactor: number;
  /** An officer's explanation of a decision measurement that disagrees with the prediction. */
  discrepancyCause: string | null;
  now: Date;
}

/** What the gate answers: the assessment the release rests on and, for disposal, the plant. */
export interface GateOutcome {
  assessment: ReleaseAssessment;
  plant: DisposalPlant | null;
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

/** The plant of a release for disposal (409 when the notice names none of that name for the route); else null. */
function plantOf(input: ReleaseGateInput): DisposalPlant | null {
  const { type, notice, plant } = input;
  if (!isDisposalRoute(type)) return null;
  const named = plant === null ? undefined : disposalPlantOf(notice, type, plant);
  if (named) return named;
  const plants = notice.DisposalPlants.filter((p) => p.Route === type).map((p) => p.Name);
  throw conflict('container.disposal_plant', { fileNumber: notice.FileNumber, plant: plant ?? '–', type }, [
    { key: 'detail.plants', params: { type, plants: plants.length ? plants.join(', ') : '–' } },
  ]);
}

/** What the gate checks of the container and the notice before it reads the measurement. */
function checkContainerAndNotice(input: ReleaseGateInput): DisposalPlant | null {
  const { data, type, notice, now } = input;
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
  const limit = averagingMassLimitG(notice);
  if ((data.Weight ?? 0) > limit)
    throw conflict('container.averaging_mass', { mass: (data.Weight ?? 0) / 1000, limit: limit / 1000 });
  const plant = plantOf(input);
  const total = input.disposal.massThisYear + (data.Weight ?? 0);
  if (isDisposalRoute(type) && total > SPECIFIC_DISPOSAL_YEARLY_MASS_G)
    throw conflict('container.disposal_mass_exceeded', {
      type,
      total: total / 1000,
      year: input.disposal.year,
      timeZone: input.disposal.timeZone,
    });
  return plant;
}

/** 409 unless the newest decision measurement may carry the release: since DECAY, recent, of this mass, fit. */
function checkMeasurement(input: ReleaseGateInput): MeasuredDecision {
  const { data, measurement, now } = input;
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
  // A measurement made before the instruments' fitness was checked is checked here (§ 90 Abs. 4).
  checkFit(measurement.Instrument, measurement.Geometry);
  if (measurement.Surface) checkFit(measurement.Surface.Instrument, 'SURFACE');
  return measurement;
}

/** 409 `measurement.implausible` when the measurement disagrees with the prediction and no officer said why. */
function checkPlausible(assessment: ReleaseAssessment, type: ReleaseType, cause: string | null): void {
  const p = assessment.Plausibility;
  if (p === null || p.Plausible || cause !== null) return;
  throw conflict(
    'measurement.implausible',
    {
      at: p.MeasuredAt,
      measured: formatSum(p.MeasuredSumOfRatios),
      predicted: formatSum(p.PredictedSumOfRatios),
      type,
    },
    [
      p.Finding === 'BELOW_PREDICTION'
        ? {
            key: 'detail.implausible_below',
            params: { factor: formatSum(p.PredictedSumOfRatios / p.MeasuredSumOfRatios), limit: p.MaxFactor },
          }
        : {
            key: 'detail.implausible_above',
            params: {
              measured: formatSum(p.MeasuredSumOfRatios),
              k: COVERAGE_K,
              uncertainty: formatSum(p.MeasuredUncertainty ?? 0),
              predicted: formatSum(p.PredictedSumOfRatios),
            },
          },
    ],
  );
}

/** The gate: the assessment the release rests on and its plant, or 409 naming what does not hold. */
export function checkRelease(input: ReleaseGateInput): GateOutcome {
  const { stored, data, type, notice, now } = input;
  checkReleasable(stored, input.state);
  const plant = checkContainerAndNotice(input);
  const measurement = checkMeasurement(input);
  const assessment = assessContainer(data, input.links, now, {
    source: valueSourceOf(type, notice),
    decision: { measurement, form: data.WasteForm },
    discrepancyFactor: input.discrepancyFactor,
  });
  if (assessment.ImpuritiesUnknown.length) throwImpuritiesUnknown(assessment);
  const decision = assessment.DecisionMeasurement!;
  if (decision.DetectionLimitsSufficient === false || decision.SurfaceDetectionLimitsSufficient === false)
    throw conflict(
      'container.detection_limit_too_high',
      { at: measurement.MeasuredAt, type },
      clearanceDetails(assessment),
    );
  if (decision.ClearanceReached !== true)
    throw conflict('container.clearance_not_reached', { type }, clearanceDetails(assessment));
  // A measurement that clears must also agree with what the contents declared, or an officer says why it does not.
  checkPlausible(assessment, type, input.discrepancyCause);
  return { assessment, plant };
}
