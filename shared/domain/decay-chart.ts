/**
 * The decay chart of a container: its sum of ratios over time on a logarithmic axis, the prediction from the closing
 * measurement and the declared contents from closing to the release (or to now and the predicted date), the clearance
 * line at 1, each decision measurement as a point with its standard uncertainty (an open point at a# where nothing was
 * detected), the predicted and the actual release date, in the reader's language. This decides what the chart shows;
 * shared/records/chart-svg.ts and shared/records/pdf.ts only draw it (shared/records/chart-layout.ts places it).
 * Pure: no AWS, no HTTP.
 */
import type { Language } from '../i18n/messages';
import type { ValueSource } from './clearance-values';
import type { UnknownImpurities } from './container-contents';
import { HALF_LIVES } from './decay';
import { evaluateDecision } from './decision-evaluation';
import type { MeasuredDecision } from './decision-measurement';
import { sumOfRatiosAfter, type MixtureTerm } from './release-mixture';
import { type AssessedContainer, type AssessedContent, assessRelease } from './release-assessment';
import type { WasteForm } from './release-types';
import { formatTimestamp, parseTimestamp } from './time';

/** A decision measurement on the chart: its sum of ratios at MeasuredAt and its band of ± one standard uncertainty. */
export interface ChartMeasurement {
  at: string;
  value: number;
  low: number;
  high: number;
  /** Nothing detected: the value is the detection limit's (an upper bound), drawn as an open point. */
  detected: boolean;
}

export interface DecayChart {
  language: Language;
  title: string;
  /** The span of the time axis, UTC timestamps. */
  from: string;
  until: string;
  /** The value axis: from 10^lowDecade to 10^highDecade, logarithmic. */
  lowDecade: number;
  highDecade: number;
  /** The prediction's sum of ratios, sampled from closing to the end of the axis; empty when none can be made. */
  prediction: { at: string; value: number }[];
  measurements: ChartMeasurement[];
  predictedRelease: string | null;
  release: string | null;
  xTicks: { at: string; label: string }[];
  yTicks: { value: number; label: string }[];
  words: ChartWords;
}

/** The chart's words, per language (the record's are German). */
export interface ChartWords {
  title: string;
  x: string;
  y: string;
  prediction: string;
  clearance: string;
  measurement: string;
  notDetected: string;
  predicted: string;
  released: string;
  noPrediction: string;
}

export const CHART_WORDS: Readonly<Record<Language, ChartWords>> = {
  en: {
    title: 'Sum of ratios over time',
    x: 'Time (UTC)',
    y: 'Sum of ratios (logarithmic)',
    prediction: 'Prediction from the declared contents',
    clearance: 'Clearance at 1',
    measurement: 'Decision measurement ± u',
    notDetected: 'below the detection limit (a#)',
    predicted: 'Predicted release',
    released: 'Release',
    noPrediction: 'No prediction',
  },
  de: {
    title: 'Summe der Verhältniszahlen über der Zeit',
    x: 'Zeit (UTC)',
    y: 'Summe der Verhältniszahlen (logarithmisch)',
    prediction: 'Vorhersage aus den angegebenen Inhalten',
    clearance: 'Freigabe bei 1',
    measurement: 'Entscheidungsmessung ± u',
    notDetected: 'unter der Nachweisgrenze (a#)',
    predicted: 'Vorhergesagte Freigabe',
    released: 'Freigabe',
    noPrediction: 'Keine Vorhersage',
  },
};

/** What the chart is drawn from. */
export interface ChartInput {
  container: AssessedContainer & { WasteForm: WasteForm | null };
  contents: readonly AssessedContent[];
  /** Contents whose expected impurities were not entered: then no prediction is drawn. */
  impuritiesUnknown: readonly UnknownImpurities[];
  source: ValueSource;
  /** Every decision measurement of the container. */
  measurements: readonly MeasuredDecision[];
  predictedRelease: string | null;
  /** The time of the release, or null for a container not released. */
  release: string | null;
  now: Date;
  language: Language;
}

/** Points of the prediction's curve. */
const SAMPLES = 120;
/** At most this many decades on the value axis: a curve falling further leaves the chart at its foot. */
const MAX_DECADES = 8;
const HOUR_MS = 3_600_000;

const ms = (timestamp: string) => parseTimestamp(timestamp)!.getTime();

/** The prediction's terms at closing (each nuclide's ratio then, and its half-life); null when it cannot be made. */
function predictionTerms(input: ChartInput): { reference: Date; terms: MixtureTerm[] } | null {
  const closedAt =
    input.container.MeasurementDate === null ? undefined : parseTimestamp(input.container.MeasurementDate);
  if (!closedAt) return null;
  const atClosing = assessRelease(input.container, input.contents, closedAt, {
    source: input.source,
    impuritiesUnknown: input.impuritiesUnknown,
  });
  if (atClosing.SumOfRatios === null) return null;
  return {
    reference: closedAt,
    terms: atClosing.Nuclides.map((n) => ({ ratioAtMeasurement: n.Ratio!, halfLife: HALF_LIVES[n.Nuclide]! })),
  };
}

/** A measurement's sum of ratios at its time, with its band; null when the type has no value for a nuclide. */
function measurementPoint(m: MeasuredDecision, input: ChartInput): ChartMeasurement | null {
  const at = parseTimestamp(m.MeasuredAt)!;
  const sum = evaluateDecision(m, input.source, input.container.WasteForm, at).SumOfRatios;
  if (sum === null || !(sum > 0)) return null;
  const spread = m.Detected && m.Activity > 0 ? (sum * m.StandardUncertainty) / m.Activity : 0;
  return {
    at: m.MeasuredAt,
    value: sum,
    low: Math.max(sum - spread, sum / 1e3),
    high: sum + spread,
    detected: m.Detected,
  };
}

/** Five ticks over the span, labelled by date (or by date and hour over a short span). */
function timeTicks(from: number, until: number): DecayChart['xTicks'] {
  const span = until - from;
  return Array.from({ length: 5 }, (_, i) => {
    const at = formatTimestamp(new Date(from + (span * i) / 4));
    return { at, label: span < 2 * 24 * HOUR_MS ? at.slice(5, 16) : at.slice(0, 10) };
  });
}

const decadeLabel = (k: number) => (k === 0 ? '1' : `1E${k}`);

export function decayChart(input: ChartInput): DecayChart {
  const words = CHART_WORDS[input.language];
  const prediction = predictionTerms(input);
  const measurements = input.measurements
    .map((m) => measurementPoint(m, input))
    .filter((m): m is ChartMeasurement => m !== null)
    .sort((a, b) => a.at.localeCompare(b.at));
  const start = Math.min(
    ...[prediction?.reference.getTime(), ...measurements.map((m) => ms(m.at))].filter(
      (t): t is number => t !== undefined,
    ),
    input.now.getTime(),
  );
  const end = Math.max(
    input.release === null ? input.now.getTime() : ms(input.release),
    ...[input.predictedRelease, ...measurements.map((m) => m.at)].filter((t): t is string => t !== null).map(ms),
  );
  // A margin after the last event, at least an hour.
  const until = end + Math.max(HOUR_MS, (end - start) * 0.1);
  const curve = prediction
    ? Array.from({ length: SAMPLES + 1 }, (_, i) => {
        const t = prediction.reference.getTime() + ((until - prediction.reference.getTime()) * i) / SAMPLES;
        return {
          at: formatTimestamp(new Date(t)),
          value: sumOfRatiosAfter(prediction.terms, (t - prediction.reference.getTime()) / 1000),
        };
      })
    : [];
  const values = [1, ...curve.map((p) => p.value), ...measurements.flatMap((m) => [m.low, m.high])].filter(
    (v) => v > 0 && Number.isFinite(v),
  );
  const highDecade = Math.ceil(Math.log10(Math.max(...values)) + 1e-9);
  const lowDecade = Math.max(
    highDecade - MAX_DECADES,
    Math.min(highDecade - 2, Math.floor(Math.log10(Math.min(...values)))),
  );
  return {
    language: input.language,
    title: words.title,
    from: formatTimestamp(new Date(start)),
    until: formatTimestamp(new Date(until)),
    lowDecade,
    highDecade,
    prediction: curve,
    measurements,
    predictedRelease: input.predictedRelease,
    release: input.release,
    xTicks: timeTicks(start, until),
    yTicks: Array.from({ length: highDecade - lowDecade + 1 }, (_, i) => ({
      value: 10 ** (lowDecade + i),
      label: decadeLabel(lowDecade + i),
    })),
    words,
  };
}
