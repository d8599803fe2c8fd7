/**
 * The survey of 10 CFR 35.92(a)(1): a container's surface surveyed with an appropriate survey meter set on its most
 * sensitive scale, no shielding interposed, and the reading compared with the background. "Cannot be distinguished
 * from background" is decided as DIN ISO 11929-1 decides whether a net effect is recognized: the net reading (surface
 * minus background) above its decision threshold y* = k₁₋α · ũ(0), with k₁₋α = 1.645 (α = 5 %), is distinguishable;
 * at or below it, it is not. ũ(0) is the standard uncertainty of the net reading were the true net effect zero:
 * - counts per minute (a count with a counting time each): R₀ = background rate, t₀ and t_g the counting times,
 *   ũ(0) = √(R₀/t_g + R₀/t₀) (Poisson counts, ISO 11929-1 for a gross count and a background count);
 * - a dose-rate reading (µSv/h, or µR/h: 1 µSv/h is taken as 100 µR/h, 1 rem = 0.01 Sv with R ≈ rem for photons), whose
 *   background carries its standard uncertainty u₀ (from the meter's fluctuation at background): the gross reading
 *   at zero net effect has the background's, so ũ(0) = √2 · u₀.
 * Pure: no AWS, no HTTP.
 */
import { badRequest, conflict } from '../../../errors';
import type { Detail } from '../../../i18n/translate';

/** DIN ISO 11929-1: k₁₋α for α = 5 %, the same quantile the decision measurements use. */
export const SURVEY_K = 1.645;

export const SURVEY_UNITS = ['CPM', 'USV_PER_H', 'UR_PER_H'] as const;
export type SurveyUnit = (typeof SURVEY_UNITS)[number];

/** µR/h per µSv/h (1 rem = 0.01 Sv, and for photons 1 R taken as 1 rem). */
export const MICRO_R_PER_MICRO_SV = 100;

/** One reading: counts per minute with its counting time, or a dose rate with (for the background) its uncertainty. */
export interface SurveyReading {
  Reading: number;
  /** CPM: the counting time, minutes. */
  CountingTimeMinutes: number | null;
  /** A dose rate's standard uncertainty, in the reading's unit (required for the background). */
  StandardUncertainty: number | null;
}

/** What the decision found: the net reading, its decision threshold, and whether it is indistinguishable. */
export interface SurveyDecision {
  NetReading: number;
  DecisionThreshold: number;
  CoverageFactor: number;
  AtBackground: boolean;
}

/** 400 naming the member when a reading lacks what its unit needs. */
export function checkReadings(unit: SurveyUnit, background: SurveyReading, surface: SurveyReading): void {
  const missing: Detail[] = [];
  const need = (field: string, other: string) =>
    missing.push({ key: 'detail.required_with', params: { field, other } });
  if (unit === 'CPM') {
    if (background.CountingTimeMinutes === null) need('Background.CountingTimeMinutes', 'Unit CPM');
    if (surface.CountingTimeMinutes === null) need('Surface.CountingTimeMinutes', 'Unit CPM');
  } else if (background.StandardUncertainty === null) need('Background.StandardUncertainty', `Unit ${unit}`);
  if (missing.length) throw badRequest(missing);
}

/** The ISO 11929 decision of a survey (the readings checked by checkReadings). */
export function surveyDecision(unit: SurveyUnit, background: SurveyReading, surface: SurveyReading): SurveyDecision {
  checkReadings(unit, background, surface);
  const net = surface.Reading - background.Reading;
  const uncertaintyAtZero =
    unit === 'CPM'
      ? Math.sqrt(
          background.Reading / surface.CountingTimeMinutes! + background.Reading / background.CountingTimeMinutes!,
        )
      : Math.SQRT2 * background.StandardUncertainty!;
  const threshold = SURVEY_K * uncertaintyAtZero;
  return { NetReading: net, DecisionThreshold: threshold, CoverageFactor: SURVEY_K, AtBackground: net <= threshold };
}

/** A reading in words: `12 cpm` or `0.08 µSv/h (8 µR/h)`. */
export function readingText(unit: SurveyUnit, value: number): string {
  const figure = (x: number) => Number(x.toPrecision(4)).toString();
  if (unit === 'CPM') return `${figure(value)} cpm`;
  if (unit === 'USV_PER_H') return `${figure(value)} µSv/h (${figure(value * MICRO_R_PER_MICRO_SV)} µR/h)`;
  return `${figure(value)} µR/h (${figure(value / MICRO_R_PER_MICRO_SV)} µSv/h)`;
}

/** 409 `container.above_background` naming both readings, the net and its threshold, unless at background. */
export function checkAtBackground(
  unit: SurveyUnit,
  background: SurveyReading,
  surface: SurveyReading,
  decision: SurveyDecision,
): void {
  if (decision.AtBackground) return;
  throw conflict('container.above_background', {
    background: readingText(unit, background.Reading),
    surface: readingText(unit, surface.Reading),
    net: readingText(unit, decision.NetReading),
    threshold: readingText(unit, decision.DecisionThreshold),
    k: SURVEY_K,
  });
}

/** The instrument as the survey keeps it: what 35.2092 asks (model, serial number) and its calibration. */
export interface SurveyInstrument {
  Uuid: string;
  Name: string;
  Model: string;
  SerialNumber: string;
  CalibratedAt: string;
  CalibrationDueAt: string;
}

/** A reading as a client sends it: the counting time and the uncertainty where its unit needs them. */
export interface ReadingInput {
  Reading: number;
  CountingTimeMinutes?: number | null | undefined;
  StandardUncertainty?: number | null | undefined;
}

/** What a client sends to record a survey (the body of POST .../survey). */
export interface SurveyInput {
  InstrumentUuid: string;
  SurveyedAt: string;
  Scale: string;
  NoShielding: true;
  Unit: SurveyUnit;
  Background: ReadingInput;
  Surface: ReadingInput;
}

/** A survey as stored: kept as made, only when at background. */
export interface SurveyRecord extends SurveyDecision {
  Uuid: string;
  Client: string;
  Facility: string;
  ContainerUuid: string;
  SurveyedAt: string;
  SurveyedBy: string;
  Instrument: SurveyInstrument;
  Unit: SurveyUnit;
  Scale: string;
  NoShielding: true;
  Background: SurveyReading;
  Surface: SurveyReading;
  CreatedAt: string;
}

/** SurveyModel: the survey as answered, with the surveyor's name. */
export type SurveyModel = Omit<SurveyRecord, 'Client' | 'Facility'> & { SurveyedByName: string | null };

/** A reading with its optional members made explicit. */
export const readingOf = (r: ReadingInput): SurveyReading => ({
  Reading: r.Reading,
  CountingTimeMinutes: r.CountingTimeMinutes ?? null,
  StandardUncertainty: r.StandardUncertainty ?? null,
});

export const toSurveyModel = (s: SurveyRecord, names: ReadonlyMap<string, string>): SurveyModel => ({
  Uuid: s.Uuid,
  ContainerUuid: s.ContainerUuid,
  SurveyedAt: s.SurveyedAt,
  SurveyedBy: s.SurveyedBy,
  SurveyedByName: names.get(s.SurveyedBy) ?? null,
  Instrument: s.Instrument,
  Unit: s.Unit,
  Scale: s.Scale,
  NoShielding: s.NoShielding,
  Background: s.Background,
  Surface: s.Surface,
  NetReading: s.NetReading,
  DecisionThreshold: s.DecisionThreshold,
  CoverageFactor: s.CoverageFactor,
  AtBackground: s.AtBackground,
  CreatedAt: s.CreatedAt,
});
