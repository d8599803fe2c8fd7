/**
 * The release assessment of a container (StrlSchV 2018 § 35 with the summation rule of Anlage 4
 * Tabelle 1): the specific activity of each nuclide now, its ratio to the clearance level, their sum
 * (cleared when ≤ 1) and the earliest time the sum of the decaying mixture falls to 1.
 * Pure math: no AWS, no HTTP.
 */
import { activityAfter, decay, HALF_LIVES } from './decay';
import { CLEARANCE_SOURCE, clearanceLevel, surfaceClearanceLevel } from './nuclides';
import { formatTimestamp, parseTimestamp } from './time';

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
export interface AssessedContent {
  nuclide: string;
  activity: number | null;
  activityDateTime: string | null;
}

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
  ClearanceReached: boolean | null;
  PredictedReleaseDateTime: string | null;
  SurfaceCheck: {
    MeasurementContamination: number;
    SumOfRatios: number | null;
    ClearanceReached: boolean | null;
  } | null;
  MissingInputs: string[];
}

const secondsBetween = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 1000;

/**
 * Each nuclide's share of the measured activity: each content's activity decayed to the measurement
 * date, over their sum. Without an activity on every content (or a zero sum), each nuclide is assumed
 * to carry the whole measured activity (conservative: the sum of ratios can only be overstated).
 */
function sharesOf(
  contents: readonly AssessedContent[],
  measuredAt: Date,
): { shares: Map<string, number>; assumed: boolean } {
  const nuclides = [...new Set(contents.map((c) => c.nuclide))];
  const atMeasurement = contents.map((c) => {
    const at = c.activityDateTime === null ? undefined : parseTimestamp(c.activityDateTime);
    const halfLife = HALF_LIVES[c.nuclide];
    return c.activity === null || !at || halfLife === undefined
      ? undefined
      : activityAfter(c.activity, secondsBetween(at, measuredAt), halfLife);
  });
  const total = atMeasurement.reduce<number>((sum, a) => sum + (a ?? 0), 0);
  if (atMeasurement.some((a) => a === undefined) || !(total > 0)) {
    return { shares: new Map(nuclides.map((n) => [n, 1])), assumed: true };
  }
  const shares = new Map<string, number>();
  contents.forEach((c, i) => {
    shares.set(c.nuclide, (shares.get(c.nuclide) ?? 0) + atMeasurement[i]! / total);
  });
  return { shares, assumed: false };
}

/** The sum of ratios of a mixture `seconds` after the measurement. */
export interface MixtureTerm {
  ratioAtMeasurement: number;
  halfLife: number;
}
export const sumOfRatiosAfter = (terms: readonly MixtureTerm[], seconds: number): number =>
  terms.reduce((sum, t) => sum + activityAfter(t.ratioAtMeasurement, seconds, t.halfLife), 0);

/**
 * Seconds after the measurement when the sum of the decaying ratios first falls to 1 or below (0 when
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

export function assessRelease(
  container: AssessedContainer,
  contents: readonly AssessedContent[],
  now: Date,
): ReleaseAssessment {
  const missing: string[] = [];
  const { Weight: weight, MeasurementActivity: activity, MeasurementDate: date } = container;
  if (weight === null || !(weight > 0)) missing.push('Weight');
  if (activity === null) missing.push('MeasurementActivity');
  const measuredAt = date === null ? undefined : parseTimestamp(date);
  if (!measuredAt) missing.push('MeasurementDate');
  if (!contents.length) missing.push('Contents');
  const nuclides = [...new Set(contents.map((c) => c.nuclide))];
  for (const n of nuclides) {
    if (HALF_LIVES[n] === undefined) missing.push(`HalfLife:${n}`);
    else if (clearanceLevel(n) === null) missing.push(`ClearanceLevel:${n}`);
  }
  const specific =
    weight !== null && weight > 0 && activity !== null
      ? (activity * (container.MeasurementFactor ?? 1)) / weight
      : null;
  const { shares, assumed } =
    measuredAt && contents.length
      ? sharesOf(contents, measuredAt)
      : { shares: new Map<string, number>(), assumed: false };

  const perNuclide = nuclides.map((n): NuclideAssessment & { term?: MixtureTerm } => {
    const share = shares.get(n) ?? null;
    const level = clearanceLevel(n);
    const halfLife = HALF_LIVES[n];
    const now_ =
      specific !== null && share !== null && measuredAt && halfLife !== undefined
        ? decay(specific * share, secondsBetween(measuredAt, now), halfLife)
        : null;
    const term =
      specific !== null && share !== null && level !== null && halfLife !== undefined
        ? { ratioAtMeasurement: (specific * share) / level, halfLife }
        : undefined;
    return {
      Nuclide: n,
      Share: share,
      SpecificActivityBqPerG: now_,
      ClearanceLevelBqPerG: level,
      Ratio: now_ !== null && level !== null ? now_ / level : null,
      ...(term ? { term } : {}),
    };
  });

  const complete = missing.length === 0;
  const sum = complete ? perNuclide.reduce((s, n) => s + n.Ratio!, 0) : null;
  const terms = perNuclide.map((n) => n.term!);
  const predicted = complete && measuredAt ? new Date(measuredAt.getTime() + secondsUntilCleared(terms) * 1000) : null;

  return {
    AssessedAt: formatTimestamp(now),
    Basis: CLEARANCE_SOURCE,
    MeasurementDate: date,
    SpecificActivityAtMeasurementBqPerG: specific,
    SharesAssumed: assumed,
    Nuclides: perNuclide.map(({ term: _term, ...n }) => n),
    SumOfRatios: sum,
    ClearanceReached: sum === null ? null : sum <= 1,
    PredictedReleaseDateTime: predicted ? formatTimestamp(predicted) : null,
    SurfaceCheck: surfaceCheck(container, shares, now),
    MissingInputs: missing,
  };
}

/**
 * The surface contamination against Spalte 5 with the same summation rule: the measured Bq/cm²
 * split by the shares and decayed from its measurement to now. Null without a measured contamination.
 */
function surfaceCheck(
  container: AssessedContainer,
  shares: ReadonlyMap<string, number>,
  now: Date,
): ReleaseAssessment['SurfaceCheck'] {
  const measured = container.MeasurementContamination;
  if (measured === null) return null;
  const at =
    container.MeasurementContaminationDateTime === null
      ? undefined
      : parseTimestamp(container.MeasurementContaminationDateTime);
  const ratios = [...shares].map(([n, share]) => {
    const level = surfaceClearanceLevel(n);
    const halfLife = HALF_LIVES[n];
    if (level === null || halfLife === undefined) return null;
    return decay(measured * share, at ? secondsBetween(at, now) : 0, halfLife) / level;
  });
  const sum = shares.size && ratios.every((r) => r !== null) ? ratios.reduce<number>((s, r) => s + r!, 0) : null;
  return { MeasurementContamination: measured, SumOfRatios: sum, ClearanceReached: sum === null ? null : sum <= 1 };
}
