/**
 * The release assessment of a container (StrlSchV 2018 § 35 with the summation rule of Anlage 4
 * Tabelle 1): the specific activity of each nuclide now, its ratio to the clearance level of Spalte 3,
 * their sum (cleared when ≤ 1), the surface contamination against Spalte 5 where one was measured, and
 * the earliest time both sums of the decaying mixture fall to 1. Pure math: no AWS, no HTTP.
 */
import { activityAfter, decay, HALF_LIVES, longestHalfLife } from './decay';
import { CLEARANCE_SOURCE, clearanceLevel, surfaceClearanceLevel } from './nuclides';
import { nuclideShares, vectorNuclides, type VectorContent } from './nuclide-vector';
import {
  EARLIEST_TIMESTAMP,
  formatTimestamp,
  isRepresentable,
  LATEST_MS,
  LATEST_TIMESTAMP,
  parseTimestamp,
} from './time';

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
  AssessedAt: string;
  Basis: string;
  MeasurementDate: string | null;
  /** Specific activity at MeasurementDate: MeasurementActivity x (MeasurementFactor or 1) / Weight. */
  SpecificActivityAtMeasurementBqPerG: number | null;
  /** True when contents carry no activities and each nuclide is assumed to hold all of it. */
  SharesAssumed: boolean;
  Nuclides: NuclideAssessment[];
  SumOfRatios: number | null;
  /** Spalte 3 and, where a surface contamination was measured, Spalte 5: false if either sum exceeds 1. */
  ClearanceReached: boolean | null;
  PredictedReleaseDateTime: string | null;
  /** Why there is no prediction although nothing is missing (it lies beyond the last representable time). */
  PredictionRemark: string | null;
  SurfaceCheck: {
    MeasurementContamination: number;
    SumOfRatios: number | null;
    ClearanceReached: boolean | null;
  } | null;
  MissingInputs: string[];
}

/** What PredictionRemark says when the sums fall to 1 only after 9999-12-31 23:59:59. */
export const OUT_OF_RANGE_REMARK = `not within the representable range ${EARLIEST_TIMESTAMP}..${LATEST_TIMESTAMP}`;

const secondsBetween = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 1000;

/** The sum of ratios of a mixture `seconds` after its reference time. */
export interface MixtureTerm {
  ratioAtMeasurement: number;
  halfLife: number;
}
export const sumOfRatiosAfter = (terms: readonly MixtureTerm[], seconds: number): number =>
  terms.reduce((sum, t) => sum + activityAfter(t.ratioAtMeasurement, seconds, t.halfLife), 0);

/**
 * Seconds after the reference when the sum of the decaying ratios first falls to 1 or below (0 when
 * it already is). The sum strictly decreases, so bisection finds the crossing; the bracket is the time
 * by which every term has fallen to 1/n of the limit. Answered to the whole second, rounded up.
 */
export function secondsUntilCleared(terms: readonly MixtureTerm[]): number {
  if (sumOfRatiosAfter(terms, 0) <= 1) return 0;
  let low = 0;
  let high = Math.max(
    ...terms.map((t) =>
      t.ratioAtMeasurement > 0 ? t.halfLife * Math.max(0, Math.log2(terms.length * t.ratioAtMeasurement)) : 0,
    ),
  );
  while (high - low > 0.5) {
    const middle = (low + high) / 2;
    if (sumOfRatiosAfter(terms, middle) <= 1) high = middle;
    else low = middle;
  }
  // The first whole second at which the sum is at or below 1 (low < it <= high).
  let second = Math.ceil(low);
  while (sumOfRatiosAfter(terms, second) > 1) second++;
  return second;
}

/** When a mixture decaying from `reference` is cleared: an instant, or `beyond` the last representable one. */
function clearedAt(terms: readonly MixtureTerm[], reference: Date): Date | 'beyond' {
  if (sumOfRatiosAfter(terms, (LATEST_MS - reference.getTime()) / 1000) > 1) return 'beyond';
  return new Date(reference.getTime() + secondsUntilCleared(terms) * 1000);
}

/** Cleared only if no known part exceeds 1: false wins over unknown, unknown over true. */
const both = (a: boolean | null, b: boolean | null): boolean | null =>
  a === false || b === false ? false : a === null || b === null ? null : true;

export function assessRelease(
  container: AssessedContainer,
  contents: readonly AssessedContent[],
  now: Date,
): ReleaseAssessment {
  const missing: string[] = [];
  const { Weight: weight, MeasurementActivity: activity, MeasurementDate: date } = container;
  const factor = container.MeasurementFactor ?? 1;
  if (weight === null || !(weight > 0)) missing.push('Weight');
  if (activity === null) missing.push('MeasurementActivity');
  if (!(factor > 0)) missing.push('MeasurementFactor');
  const measuredAt = date === null ? undefined : parseTimestamp(date);
  if (!measuredAt) missing.push('MeasurementDate');
  if (!contents.length) missing.push('Contents');
  const nuclides = vectorNuclides(contents);
  for (const n of nuclides) {
    if (HALF_LIVES[n] === undefined) missing.push(`HalfLife:${n}`);
    else if (clearanceLevel(n) === null) missing.push(`ClearanceLevel:${n}`);
  }
  const specific =
    weight !== null && weight > 0 && activity !== null && factor > 0 ? (activity * factor) / weight : null;
  const { shares, assumed } =
    measuredAt && contents.length
      ? nuclideShares(contents, measuredAt)
      : { shares: new Map<string, number>(), assumed: false };

  const perNuclide = nuclides.map((n): NuclideAssessment & { term?: MixtureTerm } => {
    const share = shares.get(n) ?? null;
    if (share !== null && !Number.isFinite(share)) missing.push(`Share:${n}`);
    const level = clearanceLevel(n);
    const halfLife = HALF_LIVES[n];
    const usable = specific !== null && share !== null && Number.isFinite(share) && halfLife !== undefined;
    const current = usable && measuredAt ? decay(specific * share, secondsBetween(measuredAt, now), halfLife) : null;
    return {
      Nuclide: n,
      Share: share !== null && Number.isFinite(share) ? share : null,
      SpecificActivityBqPerG: current,
      ClearanceLevelBqPerG: level,
      Ratio: current !== null && level !== null ? current / level : null,
      ...(usable && level !== null ? { term: { ratioAtMeasurement: (specific * share) / level, halfLife } } : {}),
    };
  });

  const massComplete = missing.length === 0;
  const sum = massComplete ? perNuclide.reduce((s, n) => s + n.Ratio!, 0) : null;
  const surface = surfaceCheck(container, contents, now, missing);
  const cleared = both(sum === null ? null : sum <= 1, surface?.check.ClearanceReached ?? true);

  let predicted: string | null = null;
  let remark: string | null = null;
  if (massComplete && measuredAt && (!surface || surface.terms)) {
    const times = [
      clearedAt(
        perNuclide.map((n) => n.term!),
        measuredAt,
      ),
    ];
    if (surface?.terms) times.push(clearedAt(surface.terms.terms, surface.terms.reference));
    if (times.includes('beyond')) remark = OUT_OF_RANGE_REMARK;
    else {
      const latest = new Date(Math.max(...(times as Date[]).map((t) => t.getTime())));
      if (isRepresentable(latest)) predicted = formatTimestamp(latest);
      else remark = OUT_OF_RANGE_REMARK;
    }
  }

  return {
    AssessedAt: formatTimestamp(now),
    Basis: CLEARANCE_SOURCE,
    MeasurementDate: date,
    SpecificActivityAtMeasurementBqPerG: specific,
    SharesAssumed: assumed,
    Nuclides: perNuclide.map(({ term: _term, ...n }) => n),
    SumOfRatios: sum,
    ClearanceReached: cleared,
    PredictedReleaseDateTime: predicted,
    PredictionRemark: remark,
    SurfaceCheck: surface?.check ?? null,
    MissingInputs: missing,
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
): { check: NonNullable<ReleaseAssessment['SurfaceCheck']>; terms?: { terms: MixtureTerm[]; reference: Date } } | null {
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
    if (HALF_LIVES[n] !== undefined && surfaceClearanceLevel(n) === null) lacking.push(`SurfaceClearanceLevel:${n}`);
  }
  missing.push(...lacking);
  if (!at || !contents.length || lacking.length || nuclides.some((n) => HALF_LIVES[n] === undefined)) {
    return { check: { MeasurementContamination: measured, SumOfRatios: null, ClearanceReached: null } };
  }
  const { shares } = nuclideShares(contents, at);
  const terms = [...shares].map(([n, share]) => ({
    ratioAtMeasurement: (measured * share) / surfaceClearanceLevel(n)!,
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
