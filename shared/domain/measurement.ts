/**
 * Taking a decision measurement of a container: what must hold before it counts (the container closed and not
 * released, the time after its closing, its mass and contents, an instrument usable and calibrated for what it holds)
 * and the record it makes (shared/domain/decision-measurement.ts computes the figures). Pure: no AWS, no HTTP.
 */
import { badRequest, conflict, conflictOver } from '../errors';
import type { Detail } from '../i18n/translate';
import type { ContentLink } from './container-contents';
import type { ContainerRecord } from './container-fields';
import { isReleased } from './container-states';
import {
  type Counting,
  type CountingResult,
  type DecisionMeasurement,
  evaluateCounting,
  evaluateTypes,
  type Geometry,
  type IndividualNotice,
  type InstrumentSnapshot,
  type MeasuredNuclide,
  type Mixture,
  mixtureEfficiency,
  splitByNuclide,
  storable,
  type SurfaceMeasurement,
} from './decision-measurement';
import { ordered, RESULT_FIELDS } from './decision-measurement-fields';
import {
  type Calibration,
  calibrationFor,
  type CheckSummary,
  checkFit,
  type InstrumentRecord,
  usabilityAt,
} from './instrument';
import type { VectorContent } from './nuclide-vector';
import { formatTimestamp, FUTURE_TOLERANCE_SECONDS, isInTheFuture } from './time';
import { isStorableNumber } from './values';

/** The geometries of a container in the counter (SURFACE is the probe's). */
export type ContainerGeometry = Exclude<Geometry, 'SURFACE'>;

/** The surface part of a body: a probe over the fixed surface, averaged over AveragingAreaCm2. */
export interface SurfaceInput extends Counting {
  /** The probe's instrument; the body's when left out. */
  InstrumentUuid?: string;
  Geometry: 'SURFACE';
  AveragingAreaCm2: number;
}

/** A decision measurement as a client writes it. */
export interface MeasurementInput extends Counting {
  InstrumentUuid: string;
  MeasuredAt: string;
  Geometry: ContainerGeometry;
  Surface?: SurfaceInput;
  NoFixedSurfaceReason?: string;
}

/** A stored measurement: the model without the name (read from the directory), with its tenant. */
export interface MeasurementRecord extends Omit<DecisionMeasurement, 'MeasuredByName'> {
  Client: string;
  Facility: string;
}

/** The states a measurement is made in: closed for decay, not yet handed on. */
const MEASURABLE_STATES: readonly ContainerRecord['State'][] = ['DECAY', 'RELEASE_DATE_REACHED'];

/** 409 unless the container is closed for decay (DECAY or RELEASE_DATE_REACHED) and not released. */
export function checkMeasurable(record: ContainerRecord): void {
  if (!MEASURABLE_STATES.includes(record.State)) throw conflict('container.measurement_state', { state: record.State });
  if (isReleased(record))
    throw conflict('container.release_frozen', { at: record.ReleasedByRadiationProtectionOfficerDateTime ?? '' });
}

/** What the closing reads of the container's history: each entry's time and changes. */
export interface HistoryEntry {
  at: string;
  changes: readonly { field: string; new: unknown }[];
}

/**
 * When the container last entered DECAY: the newest entry of its history (newest first) that set State to DECAY;
 * without one, its MeasurementDate (null when it has none either: nothing to compare with).
 */
export function closedAt(record: ContainerRecord, newestFirst: readonly HistoryEntry[]): string | null {
  const entry = newestFirst.find((e) => e.changes.some((c) => c.field === 'State' && c.new === 'DECAY'));
  return entry?.at ?? record.MeasurementDate;
}

/** 400 when MeasuredAt lies ahead of the server's clock; 409 when it lies before the container was closed. */
export function checkMeasuredAt(measuredAt: string, now: Date, closed: string | null): void {
  if (isInTheFuture(measuredAt, now))
    throw badRequest([
      { key: 'detail.future', params: { field: 'MeasuredAt', minutes: FUTURE_TOLERANCE_SECONDS / 60 } },
    ]);
  if (closed !== null && measuredAt < closed)
    throw conflict('container.measurement_before_decay', { at: measuredAt, since: closed });
}

/** 409 naming what is missing: the mass (per g) and the contents (the nuclides the activity is split into). */
export function checkInputs(record: ContainerRecord, links: readonly ContentLink[]): void {
  const missing: Detail[] = [];
  if (record.Weight === null || !(record.Weight > 0))
    missing.push({ key: 'detail.measurement_input', params: { field: 'Weight' } });
  if (!links.length) missing.push({ key: 'detail.measurement_input', params: { field: 'Contents' } });
  if (missing.length) throw conflictOver('container.measurement_inputs', missing);
}

/** What the vector reads of the contents: each content's nuclide, activity and impurities. */
export const vectorContents = (links: readonly ContentLink[]): VectorContent[] =>
  links.map((l) => ({
    nuclide: l.nuclide,
    activity: l.activity ?? null,
    activityDateTime: l.activityDateTime ?? null,
    impurities: l.impurities ?? null,
  }));

/** An instrument as the measurement found it: the instrument and its last check at or before MeasuredAt. */
export interface InstrumentAtMeasurement {
  instrument: InstrumentRecord;
  lastCheck: (CheckSummary & { CheckedAt: string }) | undefined;
}

/**
 * 409 unless the instrument's kind may measure `geometry` for a decision, it was usable at `at`, and it is calibrated
 * for `geometry` and every nuclide of the mixture (each missing pair a detail line). Answers the calibrations to use,
 * by nuclide.
 */
export function checkInstrument(
  found: InstrumentAtMeasurement,
  geometry: Geometry,
  nuclides: readonly string[],
  at: string,
): Map<string, Calibration> {
  const { instrument } = found;
  checkFit(instrument, geometry);
  const usability = usabilityAt(instrument, found.lastCheck, at);
  if (!usability.usable)
    throw conflict('instrument.not_usable', { instrument: instrument.Uuid, at }, usability.reasons);
  const calibrations = new Map(nuclides.map((n) => [n, calibrationFor(instrument, geometry, n)] as const));
  const missing = [...calibrations].filter(([, c]) => c === undefined).map(([n]) => n);
  if (missing.length)
    throw conflict(
      'instrument.not_calibrated',
      { instrument: instrument.Uuid },
      missing.map((nuclide) => ({ key: 'detail.calibration_missing', params: { geometry, nuclide } })),
    );
  return calibrations as Map<string, Calibration>;
}

/** 400 when the averaging area is smaller than the probe it averages over. */
export function checkAveragingArea(surface: SurfaceInput, probeAreaCm2: number): void {
  if (surface.AveragingAreaCm2 < probeAreaCm2)
    throw badRequest([
      {
        key: 'detail.averaging_area_below_probe',
        params: { field: 'Surface.AveragingAreaCm2', area: surface.AveragingAreaCm2, probe: probeAreaCm2 },
      },
    ]);
}

/** The instrument as it was: the record prints it, the release checks it. */
export const snapshotOf = (found: InstrumentAtMeasurement): InstrumentSnapshot => ({
  Uuid: found.instrument.Uuid,
  Name: found.instrument.Name,
  Model: found.instrument.Model,
  SerialNumber: found.instrument.SerialNumber,
  Kind: found.instrument.Kind,
  CalibratedAt: found.instrument.CalibratedAt,
  CalibrationDueAt: found.instrument.CalibrationDueAt,
  LastCheckAt: found.lastCheck!.CheckedAt,
});

const counting = (c: Counting): Counting => ({
  GrossCounts: c.GrossCounts,
  GrossTimeSeconds: c.GrossTimeSeconds,
  BackgroundCounts: c.BackgroundCounts,
  BackgroundTimeSeconds: c.BackgroundTimeSeconds,
});

/** Everything a measurement is computed from, checked. */
export interface MeasurementInputs {
  uuid: string;
  container: ContainerRecord;
  body: MeasurementInput;
  caller: string;
  mixture: Mixture;
  instrument: InstrumentAtMeasurement;
  calibrations: ReadonlyMap<string, Calibration>;
  /** The surface instrument and its SURFACE calibrations, when the body has a surface part. */
  surface?: { instrument: InstrumentAtMeasurement; calibrations: ReadonlyMap<string, Calibration> };
  notices: readonly IndividualNotice[];
  now: Date;
}

/** The figures as stored: each below the exactly stored range as 0; 400 when one lies above it (absurd inputs). */
function storedFigures(result: CountingResult): CountingResult {
  const figures = { ...result };
  for (const field of RESULT_FIELDS) {
    const value = figures[field];
    if (typeof value !== 'number') continue;
    const stored = storable(value);
    if (!Number.isFinite(stored) || !isStorableNumber(stored))
      throw badRequest([{ key: 'detail.figures_out_of_range', params: { field } }]);
    (figures as Record<string, unknown>)[field] = stored;
  }
  return figures;
}

/** One counting measurement's figures and their split into nuclides (per g, or per cm² of the probe). */
function evaluatePart(
  counted: Counting,
  mixture: Mixture,
  calibrations: ReadonlyMap<string, Calibration>,
  extent: number,
): { result: CountingResult; nuclides: MeasuredNuclide[] } {
  const { efficiency, relUncertainty, nuclides } = mixtureEfficiency(mixture, (n) => {
    const c = calibrations.get(n)!;
    return { efficiency: c.Efficiency, relUncertainty: c.EfficiencyRelUncertainty };
  });
  const result = storedFigures(evaluateCounting(counted, efficiency, extent, relUncertainty));
  return { result, nuclides: splitByNuclide(result, nuclides) };
}

/** The measurement as made: its inputs, its figures, the snapshots and the evaluation per release type. */
export function makeMeasurement(inputs: MeasurementInputs): MeasurementRecord {
  const { body, mixture, container } = inputs;
  const mass = evaluatePart(body, mixture, inputs.calibrations, container.Weight!);
  let surface: SurfaceMeasurement | null = null;
  if (body.Surface && inputs.surface) {
    const probeArea = [...inputs.surface.calibrations.values()][0]!.ProbeAreaCm2!;
    const part = evaluatePart(body.Surface, mixture, inputs.surface.calibrations, probeArea);
    surface = {
      Instrument: snapshotOf(inputs.surface.instrument),
      Geometry: 'SURFACE',
      ProbeAreaCm2: probeArea,
      AveragingAreaCm2: body.Surface.AveragingAreaCm2,
      ...counting(body.Surface),
      ...part.result,
      Nuclides: part.nuclides,
    };
  }
  const { MeasuredByName: _name, ...measurement } = ordered({
    Uuid: inputs.uuid,
    ContainerUuid: container.Uuid,
    InstrumentUuid: inputs.instrument.instrument.Uuid,
    Instrument: snapshotOf(inputs.instrument),
    MeasuredAt: body.MeasuredAt,
    MeasuredBy: inputs.caller,
    MeasuredByName: null,
    Geometry: body.Geometry,
    WeightG: container.Weight!,
    ...counting(body),
    ...mass.result,
    Nuclides: mass.nuclides,
    SharesAssumed: mixture.assumed,
    Surface: surface,
    NoFixedSurfaceReason: body.NoFixedSurfaceReason ?? null,
    ReleaseTypes: evaluateTypes(mass.nuclides, surface?.Nuclides ?? null, inputs.notices),
    CreatedAt: formatTimestamp(inputs.now),
  });
  return { Client: container.Client, Facility: container.Facility, ...measurement };
}

/** The audit line of the container: the measurement in short. */
export const measurementSummary = (m: MeasurementRecord) => ({
  Uuid: m.Uuid,
  MeasuredAt: m.MeasuredAt,
  ValueUsed: m.ValueUsed,
  Detected: m.Detected,
});

/** DecisionMeasurementModel: the stored measurement, in the model's order, with who measured by name. */
export const toMeasurementModel = (m: MeasurementRecord, names: ReadonlyMap<string, string>): DecisionMeasurement =>
  ordered({ ...m, MeasuredByName: names.get(m.MeasuredBy) ?? null });
