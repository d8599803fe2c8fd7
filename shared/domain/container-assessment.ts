/** A container's release assessment, and the gate into RELEASE_DATE_REACHED with the details it names. */
import { conflict } from '../errors';
import type { Detail } from '../i18n/translate';
import { assessedContents, type ContentLink, unknownImpurities } from './container-contents';
import type { ContainerData } from './container-fields';
import { assessRelease, type AssessmentOptions, type ReleaseAssessment } from './release-assessment';
import { RELEASE_TYPES, type ReleaseType } from './release-types';

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
 * the container or its newest decision measurement does, for one of the types of the nuclide table (unrestricted, or
 * for disposal to a landfill or an incinerator: which one the release chooses, under its notice). Its details name the
 * unrestricted sums, what is missing and why no date can be predicted. `assessment` is the unrestricted one.
 */
export function checkReached(
  assessment: ReleaseAssessment,
  data: ContainerData,
  links: readonly ContentLink[],
  now: Date,
  options: AssessmentOptions = {},
): void {
  if (assessment.ImpuritiesUnknown.length) throwImpuritiesUnknown(assessment);
  if (opensDecayGate(assessment, data, links, now, options)) return;
  throw conflict('container.clearance_not_reached', { type: assessment.ReleaseType }, clearanceDetails(assessment));
}

/** The types the gate into RELEASE_DATE_REACHED weighs: the nuclide table's (INDIVIDUAL needs its notice). */
const TABLE_TYPES = RELEASE_TYPES.filter((type): type is Exclude<ReleaseType, 'INDIVIDUAL'> => type !== 'INDIVIDUAL');

/** Whether the container clears now for one of the table's types (`assessment`: the unrestricted one, at `now`). */
export function opensDecayGate(
  assessment: ReleaseAssessment,
  data: ContainerData,
  links: readonly ContentLink[],
  now: Date,
  options: AssessmentOptions = {},
): boolean {
  if (clearsForDecay(assessment)) return true;
  return TABLE_TYPES.filter((type) => type !== assessment.ReleaseType).some((type) =>
    clearsForDecay(assessContainer(data, links, now, { ...options, source: { type } })),
  );
}

/**
 * Whether the gate into RELEASE_DATE_REACHED opens: the prediction clears the container now, or its newest decision
 * measurement does; never while impurities are unknown.
 */
export const clearsForDecay = (assessment: ReleaseAssessment): boolean =>
  !assessment.ImpuritiesUnknown.length &&
  (assessment.PredictedClearanceReached === true || assessment.DecisionMeasurement?.ClearanceReached === true);

/** 409 `container.impurities_unknown` naming each content the assessment found without its expected impurities. */
export function throwImpuritiesUnknown(assessment: Pick<ReleaseAssessment, 'ImpuritiesUnknown'>): never {
  throw conflict(
    'container.impurities_unknown',
    {},
    assessment.ImpuritiesUnknown.map((u) => ({
      key: 'detail.impurities_unknown',
      params: { content: u.ContentId, nuclide: u.Nuclide, impurities: u.ExpectedImpurities.join(', ') },
    })),
  );
}

/** A sum of ratios as the notifications name it: four significant digits. */
export const formatSum = (sum: number) => Number(sum.toPrecision(4)).toString();

/** The release assessment of a container's data with its contents, at `now`. */
export const assessContainer = (
  data: ContainerData,
  links: readonly ContentLink[],
  now: Date,
  options?: AssessmentOptions,
): ReleaseAssessment =>
  assessRelease(data, assessedContents(links), now, { impuritiesUnknown: unknownImpurities(links), ...options });

/** Why an assessment predicts no release date: what is missing, or its remark. */
export const predictionGap = (assessment: ReleaseAssessment): string =>
  assessment.PredictionRemark ?? assessment.MissingInputs.join(', ');

/** Why an assessment does not clear, in words for logs and notes: its sums of ratios, or what it lacks. */
export function clearanceReason(assessment: ReleaseAssessment): string {
  if (assessment.ImpuritiesUnknown.length)
    return `impurities not entered: ${assessment.ImpuritiesUnknown.map((u) => `${u.ContentId} (${u.Nuclide})`).join(
      ', ',
    )}`;
  if (assessment.SumOfRatios === null) return `cannot be assessed: ${predictionGap(assessment)}`;
  const surface = assessment.SurfaceCheck?.SumOfRatios;
  return `sum of ratios ${formatSum(assessment.SumOfRatios)}${
    surface == null ? '' : `, surface sum of ratios ${formatSum(surface)}`
  }`;
}
