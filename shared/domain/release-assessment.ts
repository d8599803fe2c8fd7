/**
 * The release assessment of a container for a release type (StrlSchV 2018 §§ 35 to 37 with the summation rule of
 * Anlage 8 Teil A Nr. 1 e): the specific activity of each nuclide now, from the measurement taken when the container
 * was closed, its ratio to the type's value, their sum, the surface contamination where one was measured, the
 * earliest time both sums of the decaying mixture fall to 1 (the prediction), and the newest decision measurement
 * weighed against the same values (the evidence a release rests on). Pure math: no AWS, no HTTP.
 */
import { clearanceValues, type ValueSource } from './clearance-values';
import { decay, HALF_LIVES, longestHalfLife } from './decay';
import type { UnknownImpurities } from './container-contents';
import { evaluateDecision, type DecisionEvaluation } from './decision-evaluation';
import { COVERAGE_K, type MeasuredDecision } from './decision-measurement';
import { nuclideShares, vectorNuclides, type VectorContent } from './nuclide-vector';
import { clearedAt, sumOfRatiosAfter, type MixtureTerm } from './release-mixture';
import { RELEASE_TYPE_RULES, type ReleaseType, type WasteForm } from './release-types';
import { EARLIEST_TIMESTAMP, formatTimestamp, isRepresentable, LATEST_TIMESTAMP, parseTimestamp } from './time';

/** What the assessment reads of a container. */
export interface AssessedContainer {
  Weight: number | null;
  MeasurementActivity: number | null;
  MeasurementFactor: number | null;
  MeasurementDate: string | null;
  MeasurementContamination: number | null;
  MeasurementContaminationDateTime: string | null;
}

/** What the assessment reads of a content. */
export type AssessedContent = VectorContent;

export interface NuclideAssessment {
  Nuclide: string;
  Share: number | null;
  SpecificActivityBqPerG: number | null;
  ClearanceLevelBqPerG: number | null;
  Ratio: number | null;
}

export interface ReleaseAssessment {
  ReleaseType: ReleaseType;
  AssessedAt: string;
  Basis: string;
  MeasurementDate: string | null;
  /** Specific activity at MeasurementDate: MeasurementActivity x (MeasurementFactor or 1) / Weight. */
  SpecificActivityAtMeasurementBqPerG: number | null;
  /** True when contents carry no activities and each nuclide is assumed to hold all of it. */
  SharesAssumed: boolean;
  Nuclides: NuclideAssessment[];
  SumOfRatios: number | null;
  /**
   * The one verdict: the newest decision measurement's where there is one (DecidedBy), else the prediction's; null
   * while impurities are unknown.
   */
  ClearanceReached: boolean | null;
  DecidedBy: 'DECISION_MEASUREMENT' | 'PREDICTION';
  /**
   * The prediction from the closing measurement and the declared contents: the mass sum and, where a surface
   * contamination was measured, its sum; false if either exceeds 1.
   */
  PredictedClearanceReached: boolean | null;
  PredictedReleaseDateTime: string | null;
  /**
   * What decides the prediction (the nuclide that keeps the sum above 1 longest), or why there is none although
   * nothing else is missing (a measured 0, a time beyond the last representable one).
   */
  PredictionRemark: string | null;
  SurfaceCheck: {
    MeasurementContamination: number;
    SumOfRatios: number | null;
    ClearanceReached: boolean | null;
  } | null;
  MissingInputs: string[];
  /** The newest decision measurement weighed against the type's values now; null when there is none. */
  DecisionMeasurement: DecisionEvaluation | null;
  /**
   * Contents whose nuclide brings long-lived impurities that were not entered: until they are, nothing is assessed
   * or predicted, and the container cannot be released.
   */
  ImpuritiesUnknown: UnknownImpurities[];
  /** The decision measurement against the prediction at its time: whether they agree (null without either). */
  Plausibility: Plausibility | null;
}

/**
 * A decision measurement against the prediction from the declared contents at its time. It disagrees when it lies
 * below the prediction by more than the facility's factor (a wrong efficiency, a wrong container, a declared activity
 * that was the dispensed dose), or above it beyond its uncertainty (COVERAGE_K standard uncertainties).
 */
export interface Plausibility {
  MeasuredAt: string;
  /** The prediction's sum of ratios at MeasuredAt. */
  PredictedSumOfRatios: number;
  /** The measurement's sum of ratios at MeasuredAt (the value used: a, or a# where nothing was detected). */
  MeasuredSumOfRatios: number;
  /** The standard uncertainty of the measured sum (u(a)/a of it); null where nothing was detected. */
  MeasuredUncertainty: number | null;
  /** The factor below the prediction beyond which a measurement is implausible (the facility's). */
  MaxFactor: number;
  Plausible: boolean;
  Finding: 'BELOW_PREDICTION' | 'ABOVE_PREDICTION' | null;
}

/** How far below the prediction a decision measurement may lie, unless the facility says otherwise. */
export const DEFAULT_DISCREPANCY_FACTOR = 10;

/** What the assessment is made for: the type's values, and the decision measurement with the container's form. */
export interface AssessmentOptions {
  source?: ValueSource;
  decision?: { measurement: MeasuredDecision | null; form: WasteForm | null };
  /** The contents whose expected impurities were not entered (container-contents.ts unknownImpurities). */
  impuritiesUnknown?: readonly UnknownImpurities[];
  /** How far below the prediction a decision measurement may lie (the facility's; DEFAULT_DISCREPANCY_FACTOR). */
  discrepancyFactor?: number;
}

/** What PredictionRemark says of a closing measurement of 0 Bq. */
export const ZERO_REMARK =
  'a measured activity of 0 Bq proves nothing without its detection limit: a decision measurement decides';

/** What PredictionRemark says when the sums fall to 1 only after 9999-12-31 23:59:59. */
export const OUT_OF_RANGE_REMARK = `not within the representable range ${EARLIEST_TIMESTAMP}..${LATEST_TIMESTAMP}`;

const secondsBetween = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 1000;

/** Cleared only if no known part exceeds 1: false wins over unknown, unknown over true. */
const both = (a: boolean | null, b: boolean | null): boolean | null =>
  a === false || b === false ? false : a === null || b === null ? null : true;

/** The basis an assessment names: the ordinance's paragraph and the columns (or the notice) of the values. */
export const basisOf = (type: ReleaseType): string => {
  const rule = RELEASE_TYPE_RULES[type];
  return (
    `StrlSchV 2018 ${rule.paragraph}, ${rule.columns.mass} (Bq/g) and ${rule.columns.surface} (Bq/cm²), ` +
    'BGBl. I 2018 S. 2034'
  );
};

const formatHalfLife = (seconds: number): string =>
  seconds >= 86_400 ? `${Number((seconds / 86_400).toPrecision(4))} d` : `${Number((seconds / 3600).toPrecision(4))} h`;

/** The nuclide whose term is largest at `seconds` after the reference: the one that holds the sum up longest. */
function limitingNuclide(terms: readonly (MixtureTerm & { nuclide: string })[], seconds: number) {
  const weight = (t: MixtureTerm) => Math.log2(t.ratioAtMeasurement) - seconds / t.halfLife;
  const top = terms.filter((t) => t.ratioAtMeasurement > 0).sort((a, b) => weight(b) - weight(a))[0];
  return top ? `decided by ${top.nuclide} (half-life ${formatHalfLife(top.halfLife)})` : null;
}

export function assessRelease(
  container: AssessedContainer,
  contents: readonly AssessedContent[],
  now: Date,
  options: AssessmentOptions = {},
): ReleaseAssessment {
  const source = options.source ?? { type: 'UNRESTRICTED' };
  const valuesOf = (n: string) => clearanceValues(source, n);
  const missing: string[] = [];
  const { Weight: weight, MeasurementActivity: activity, MeasurementDate: date } = container;
  const factor = container.MeasurementFactor ?? 1;
  if (weight === null || !(weight > 0)) missing.push('Weight');
  // A measured 0 is no measurement: it shows nothing without its detection limit.
  if (activity === null || activity === 0) missing.push('MeasurementActivity');
  if (!(factor > 0)) missing.push('MeasurementFactor');
  const measuredAt = date === null ? undefined : parseTimestamp(date);
  if (!measuredAt) missing.push('MeasurementDate');
  if (!contents.length) missing.push('Contents');
  const impuritiesUnknown = [...(options.impuritiesUnknown ?? [])];
  for (const u of impuritiesUnknown) missing.push(`Impurities:${u.ContentId}`);
  const nuclides = vectorNuclides(contents);
  for (const n of nuclides) {
    if (HALF_LIVES[n] === undefined) missing.push(`HalfLife:${n}`);
    else if (valuesOf(n).mass === null) missing.push(`ClearanceLevel:${n}`);
  }
  const specific =
    weight !== null && weight > 0 && activity !== null && factor > 0 ? (activity * factor) / weight : null;
  const { shares, assumed } =
    measuredAt && contents.length
      ? nuclideShares(contents, measuredAt)
      : { shares: new Map<string, number>(), assumed: false };

  const perNuclide = nuclides.map((n): NuclideAssessment & { term?: MixtureTerm & { nuclide: string } } => {
    const share = shares.get(n) ?? null;
    if (share !== null && !Number.isFinite(share)) missing.push(`Share:${n}`);
    const level = valuesOf(n).mass;
    const halfLife = HALF_LIVES[n];
    const usable = specific !== null && share !== null && Number.isFinite(share) && halfLife !== undefined;
    const current = usable && measuredAt ? decay(specific * share, secondsBetween(measuredAt, now), halfLife) : null;
    return {
      Nuclide: n,
      Share: share !== null && Number.isFinite(share) ? share : null,
      SpecificActivityBqPerG: current,
      ClearanceLevelBqPerG: level,
      Ratio: current !== null && level !== null ? current / level : null,
      ...(usable && level !== null
        ? { term: { nuclide: n, ratioAtMeasurement: (specific * share) / level, halfLife } }
        : {}),
    };
  });

  const massComplete = missing.length === 0;
  const sum = massComplete ? perNuclide.reduce((s, n) => s + n.Ratio!, 0) : null;
  const surface = surfaceCheck(container, contents, now, missing, (n) => valuesOf(n).surface);
  const cleared = both(sum === null ? null : sum <= 1, surface?.check.ClearanceReached ?? true);

  let predicted: string | null = null;
  let remark: string | null = activity === 0 ? ZERO_REMARK : null;
  if (massComplete && measuredAt && (!surface || surface.terms)) {
    const mixtures = [{ terms: perNuclide.map((n) => n.term!), reference: measuredAt }];
    if (surface?.terms) mixtures.push(surface.terms);
    const times = mixtures.map((m) => clearedAt(m.terms, m.reference));
    if (times.includes('beyond')) remark = OUT_OF_RANGE_REMARK;
    else {
      const dates = times as Date[];
      const latest = dates.reduce((best, t, i) => (t.getTime() > dates[best]!.getTime() ? i : best), 0);
      const [last, decisive] = [dates[latest]!, mixtures[latest]!];
      if (isRepresentable(last)) {
        predicted = formatTimestamp(last);
        remark = limitingNuclide(decisive.terms, (last.getTime() - decisive.reference.getTime()) / 1000);
      } else remark = OUT_OF_RANGE_REMARK;
    }
  }
  const measurement = options.decision?.measurement ?? null;
  const decision = measurement === null ? null : evaluateDecision(measurement, source, options.decision!.form, now);
  const plausibility =
    measurement === null || sum === null || !measuredAt
      ? null
      : plausibilityOf(
          measurement,
          perNuclide.map((n) => n.term!),
          measuredAt,
          evaluateDecision(measurement, source, options.decision!.form, parseTimestamp(measurement.MeasuredAt)!),
          options.discrepancyFactor ?? DEFAULT_DISCREPANCY_FACTOR,
        );

  return {
    ReleaseType: source.type,
    AssessedAt: formatTimestamp(now),
    Basis: basisOf(source.type),
    MeasurementDate: date,
    SpecificActivityAtMeasurementBqPerG: specific,
    SharesAssumed: assumed,
    Nuclides: perNuclide.map(({ term: _term, ...n }) => n),
    SumOfRatios: sum,
    // The decision measurement decides; nothing is decided while impurities are unknown (its split would be wrong).
    ClearanceReached: impuritiesUnknown.length ? null : decision === null ? cleared : decision.ClearanceReached,
    DecidedBy: decision === null ? 'PREDICTION' : 'DECISION_MEASUREMENT',
    PredictedClearanceReached: cleared,
    PredictedReleaseDateTime: predicted,
    PredictionRemark: remark,
    SurfaceCheck: surface?.check ?? null,
    MissingInputs: missing,
    DecisionMeasurement: decision,
    ImpuritiesUnknown: impuritiesUnknown,
    Plausibility: plausibility,
  };
}

/** The decision measurement against the prediction at its time (`atMeasurement`: it evaluated at MeasuredAt). */
function plausibilityOf(
  measurement: MeasuredDecision,
  terms: readonly MixtureTerm[],
  closedAt: Date,
  atMeasurement: DecisionEvaluation,
  factor: number,
): Plausibility | null {
  const measured = atMeasurement.SumOfRatios;
  if (measured === null || !(measured > 0)) return null;
  const at = parseTimestamp(measurement.MeasuredAt)!;
  const predicted = sumOfRatiosAfter(terms, secondsBetween(closedAt, at));
  const uncertainty =
    measurement.Detected && measurement.Activity > 0
      ? (measured * measurement.StandardUncertainty) / measurement.Activity
      : null;
  const finding =
    predicted / measured > factor
      ? 'BELOW_PREDICTION'
      : uncertainty !== null && measured - COVERAGE_K * uncertainty > predicted
        ? 'ABOVE_PREDICTION'
        : null;
  return {
    MeasuredAt: measurement.MeasuredAt,
    PredictedSumOfRatios: predicted,
    MeasuredSumOfRatios: measured,
    MeasuredUncertainty: uncertainty,
    MaxFactor: factor,
    Plausible: finding === null,
    Finding: finding,
  };
}

/**
 * The surface contamination against Spalte 5 with the same summation rule: the measured Bq/cm² split by
 * the nuclides' shares at its own measurement time and decayed from then. Null without a measured
 * contamination; what it lacks is added to `missing` (its date, a nuclide's Spalte 5 value).
 */
function surfaceCheck(
  container: AssessedContainer,
  contents: readonly AssessedContent[],
  now: Date,
  missing: string[],
  level: (nuclide: string) => number | null,
): {
  check: NonNullable<ReleaseAssessment['SurfaceCheck']>;
  terms?: { terms: (MixtureTerm & { nuclide: string })[]; reference: Date };
} | null {
  const measured = container.MeasurementContamination;
  if (measured === null) return null;
  const at =
    container.MeasurementContaminationDateTime === null
      ? undefined
      : parseTimestamp(container.MeasurementContaminationDateTime);
  const lacking: string[] = [];
  if (!at) lacking.push('MeasurementContaminationDateTime');
  const nuclides = vectorNuclides(contents);
  for (const n of nuclides) {
    if (HALF_LIVES[n] !== undefined && level(n) === null) lacking.push(`SurfaceClearanceLevel:${n}`);
  }
  missing.push(...lacking);
  if (!at || !contents.length || lacking.length || nuclides.some((n) => HALF_LIVES[n] === undefined)) {
    return { check: { MeasurementContamination: measured, SumOfRatios: null, ClearanceReached: null } };
  }
  const { shares } = nuclideShares(contents, at);
  const terms = [...shares].map(([n, share]) => ({
    nuclide: n,
    ratioAtMeasurement: (measured * share) / level(n)!,
    halfLife: HALF_LIVES[n]!,
  }));
  const sum = sumOfRatiosAfter(terms, Math.max(0, secondsBetween(at, now)));
  return {
    check: { MeasurementContamination: measured, SumOfRatios: sum, ClearanceReached: sum <= 1 },
    terms: { terms, reference: at },
  };
}

/**
 * The container's specific activity now (Bq/g), one figure with the assessment: the sum of each nuclide's
 * decayed specific activity where the shares are known; where they are assumed, the whole measured
 * activity decayed with the longest half-life among the contents. Null while an input is missing.
 */
export function currentSpecificActivity(
  container: AssessedContainer,
  contents: readonly AssessedContent[],
  now: Date,
): number | null {
  const assessment = assessRelease(container, contents, now);
  const specific = assessment.SpecificActivityAtMeasurementBqPerG;
  const measuredAt = container.MeasurementDate === null ? undefined : parseTimestamp(container.MeasurementDate);
  if (specific === null || !measuredAt) return null;
  const values = assessment.Nuclides.map((n) => n.SpecificActivityBqPerG);
  if (!assessment.SharesAssumed && values.length && values.every((v) => v !== null)) {
    return values.reduce<number>((sum, v) => sum + v!, 0);
  }
  const halfLife = longestHalfLife(vectorNuclides(contents));
  return halfLife === undefined ? null : decay(specific, secondsBetween(measuredAt, now), halfLife);
}
