import { conflict } from '../errors';
import type { Detail } from '../i18n/translate';
import type { Geometry } from './decision-measurement';
import { clearable, computed, kept, presentModel, required, writable } from './fields';
import type { CreateOf, DataOf, FieldTable, ModelOf } from './fields';
import type { RecordTenant, StoredRecord } from './record';
import { recordKind } from './record-kind';
import { formatTimestamp, isRepresentable, LATEST_TIMESTAMP, parseTimestamp } from './time';

export const INSTRUMENT_KINDS = [
  'FREE_RELEASE_MONITOR',
  'CONTAMINATION_MONITOR',
  'DOSE_RATE_METER',
  'WELL_COUNTER',
  'GAMMA_SPECTROMETER',
  'SURVEY_METER',
] as const;
export type InstrumentKind = (typeof INSTRUMENT_KINDS)[number];

/**
 * The geometries each kind of instrument may measure for a decision (StrlSchV § 90 Abs. 4: "geeignete
 * Strahlungsmessgeräte" for a Freimessung): a dose-rate meter none (it shows a dose rate, not an activity per mass); a
 * contamination monitor the surface; a survey meter none; a free-release monitor and a well counter a container in
 * their counting
 * geometry; a gamma spectrometer every one.
 */
export const DECISION_GEOMETRIES: Readonly<Record<InstrumentKind, readonly Geometry[]>> = {
  FREE_RELEASE_MONITOR: ['BAG', 'BOX', 'DRUM', 'BOTTLE'],
  CONTAMINATION_MONITOR: ['SURFACE'],
  DOSE_RATE_METER: [],
  WELL_COUNTER: ['BAG', 'BOX', 'DRUM', 'BOTTLE'],
  GAMMA_SPECTROMETER: ['BAG', 'BOX', 'DRUM', 'BOTTLE', 'SURFACE'],
  // A survey meter (10 CFR 35.92(a)(1)) reads a container's surface against background: no decision measurement.
  SURVEY_METER: [],
};

/** The kind a decay-in-storage survey is taken with (10 CFR 35.92(a)(1): "an appropriate survey meter"). */
export const SURVEY_KIND: InstrumentKind = 'SURVEY_METER';

/** Whether an instrument of `kind` may measure `geometry` for a decision (an unknown kind none). */
export const fitFor = (kind: string, geometry: Geometry): boolean =>
  (DECISION_GEOMETRIES[kind as InstrumentKind] ?? []).includes(geometry);

/** 409 `measurement.instrument_unfit` unless an instrument of `kind` may measure `geometry` for a decision. */
export function checkFit(instrument: { Uuid: string; Kind: string }, geometry: Geometry): void {
  if (fitFor(instrument.Kind, geometry)) return;
  const geometries = DECISION_GEOMETRIES[instrument.Kind as InstrumentKind] ?? [];
  throw conflict('measurement.instrument_unfit', {
    instrument: instrument.Uuid,
    kind: instrument.Kind,
    geometry,
    geometries: geometries.length ? geometries.join(', ') : '–',
  });
}

/**
 * How well the instrument sees a nuclide in a geometry: counts per second per Bq, with the relative standard
 * uncertainty of that efficiency from the calibration certificate (ISO 11929-1: u_rel(w); 0 for a calibration stored
 * before issue 36); for SURFACE its probe's area.
 */
export interface Calibration {
  Geometry: Geometry;
  Nuclide: string;
  Efficiency: number;
  EfficiencyRelUncertainty: number;
  ProbeAreaCm2: number | null;
}

/** The relative uncertainty of a calibration: 0 ≤ u_rel < 0.5 (a# exists only while k·u_rel < 1). */
export const EFFICIENCY_REL_UNCERTAINTY = { min: 0, below: 0.5 } as const;

/** A stored calibration as the service reads it: one stored before issue 36 has no uncertainty (0). */
export const readCalibration = (
  c: Omit<Calibration, 'EfficiencyRelUncertainty'> & { EfficiencyRelUncertainty?: number },
): Calibration => ({
  Geometry: c.Geometry,
  Nuclide: c.Nuclide,
  Efficiency: c.Efficiency,
  EfficiencyRelUncertainty: c.EfficiencyRelUncertainty ?? 0,
  ProbeAreaCm2: c.ProbeAreaCm2,
});

/** At most this many calibrations an instrument (5 geometries × the nuclide table, with room). */
export const MAX_CALIBRATIONS = 200;
/** Days between function checks, unless the instrument says otherwise; and the bounds of its setting. */
export const DEFAULT_CHECK_INTERVAL_DAYS = 7;
export const CHECK_INTERVAL_DAYS = { min: 1, max: 365 } as const;

/** The instrument as the API shows it, in its order (no tenant: the path names it). */
export const INSTRUMENT_TABLE = {
  Uuid: kept(),
  Name: required<string>(),
  Model: required<string>(),
  SerialNumber: required<string>(),
  Kind: required<InstrumentKind>(),
  Calibrations: writable<Calibration[]>([]),
  CalibratedAt: required<string>(),
  CalibrationDueAt: required<string>(),
  CalibrationDocumentUuid: clearable<string>(),
  FunctionCheckIntervalDays: writable<number>(DEFAULT_CHECK_INTERVAL_DAYS),
  CreatedAt: kept(),
  UpdatedAt: kept(),
  UsableNow: computed(),
  UsableUntil: computed(),
} as const satisfies FieldTable;

const instruments = recordKind(INSTRUMENT_TABLE, instrumentRuleBreaches);
export const INSTRUMENT_FIELDS = instruments.fields;
export type InstrumentData = DataOf<typeof INSTRUMENT_TABLE>;
export type InstrumentCreate = CreateOf<typeof INSTRUMENT_TABLE>;
export type InstrumentPatch = Partial<InstrumentData>;
export type InstrumentModel = ModelOf<typeof INSTRUMENT_TABLE>;
export interface InstrumentRecord extends InstrumentData, StoredRecord {}

export const CHECK_RESULTS = ['PASS', 'FAIL'] as const;
export type CheckResult = (typeof CHECK_RESULTS)[number];

/** A function check as a client writes it. */
export interface CheckInput {
  CheckedAt: string;
  Result: CheckResult;
  Reading?: number | null;
  Note?: string | null;
}

/** A function check as stored: kept as made (no update, no delete). */
export interface InstrumentCheck {
  Client: string;
  Facility: string;
  Uuid: string;
  InstrumentUuid: string;
  CheckedAt: string;
  Result: CheckResult;
  Reading: number | null;
  Note: string | null;
  CheckedBy: string;
  CreatedAt: string;
}

/** InstrumentCheckModel: the check without its tenant (the path names it), and who checked by name. */
export type InstrumentCheckModel = Omit<InstrumentCheck, 'Client' | 'Facility'> & { CheckedByName: string | null };

/** The rules of an instrument beyond its members' own (400, one detail per breach). */
export function instrumentRuleBreaches(data: InstrumentData): Detail[] {
  const breaches: Detail[] = [];
  if (data.CalibrationDueAt <= data.CalibratedAt)
    breaches.push({ key: 'detail.after', params: { field: 'CalibrationDueAt', other: 'CalibratedAt' } });
  const seen = new Set<string>();
  const probeAreas = new Set<number>();
  data.Calibrations.forEach((c, i) => {
    const surface = c.Geometry === 'SURFACE';
    if (surface ? c.ProbeAreaCm2 === null || !(c.ProbeAreaCm2 > 0) : c.ProbeAreaCm2 !== null)
      breaches.push({ key: 'detail.probe_area', params: { field: `Calibrations.${i}.ProbeAreaCm2` } });
    if (surface && c.ProbeAreaCm2 !== null) {
      probeAreas.add(c.ProbeAreaCm2);
      if (probeAreas.size > 1)
        breaches.push({ key: 'detail.one_probe_area', params: { field: `Calibrations.${i}.ProbeAreaCm2` } });
    }
    const key = `${c.Geometry}#${c.Nuclide}`;
    if (seen.has(key)) breaches.push({ key: 'detail.no_repeats', params: { field: `Calibrations.${i}` } });
    seen.add(key);
  });
  return breaches;
}

export const createInstrument = (tenant: RecordTenant, uuid: string, body: InstrumentCreate, now: Date) =>
  instruments.create(tenant, uuid, body, now);

/** A partial update (absent members stay, null clears a nullable one); answers whether anything changed. */
export const updateInstrument = (current: InstrumentRecord, patch: InstrumentPatch, now: Date) =>
  instruments.update(current, patch, now);

/** The calibration for a geometry and a nuclide, if any. */
export const calibrationFor = (
  instrument: Pick<InstrumentData, 'Calibrations'>,
  geometry: Geometry,
  nuclide: string,
): Calibration | undefined => instrument.Calibrations.find((c) => c.Geometry === geometry && c.Nuclide === nuclide);

/** What usability reads of a check. */
export type CheckSummary = Pick<InstrumentCheck, 'CheckedAt' | 'Result'>;

/** Whether an instrument is usable at a time, until when, and if not, why (each reason a detail line). */
export interface Usability {
  usable: boolean;
  /** When usable: the earlier of the calibration's due date and the check's end of interval. */
  until: string | null;
  reasons: Detail[];
}

const DAY_MS = 86_400_000;

/** `at` plus `days`, as a timestamp (the last representable one when it lies beyond). */
function plusDays(at: string, days: number): string {
  const later = new Date(parseTimestamp(at)!.getTime() + days * DAY_MS);
  return isRepresentable(later) ? formatTimestamp(later) : LATEST_TIMESTAMP;
}

/**
 * Usable at `at`: CalibratedAt ≤ at < CalibrationDueAt, and the last check at or before `at` (`lastCheck`) passed
 * no more than FunctionCheckIntervalDays days before it.
 */
export function usabilityAt(
  instrument: Pick<InstrumentData, 'CalibratedAt' | 'CalibrationDueAt' | 'FunctionCheckIntervalDays'>,
  lastCheck: CheckSummary | undefined,
  at: string,
): Usability {
  const reasons: Detail[] = [];
  if (at < instrument.CalibratedAt)
    reasons.push({ key: 'detail.calibration_not_yet_valid', params: { from: instrument.CalibratedAt } });
  if (at >= instrument.CalibrationDueAt)
    reasons.push({ key: 'detail.calibration_due', params: { since: instrument.CalibrationDueAt } });
  let checkValidUntil: string | undefined;
  if (!lastCheck) reasons.push({ key: 'detail.no_function_check', params: { at } });
  else if (lastCheck.Result !== 'PASS')
    reasons.push({ key: 'detail.function_check_failed', params: { at: lastCheck.CheckedAt } });
  else {
    checkValidUntil = plusDays(lastCheck.CheckedAt, instrument.FunctionCheckIntervalDays);
    if (at > checkValidUntil)
      reasons.push({
        key: 'detail.function_check_expired',
        params: { at: lastCheck.CheckedAt, days: instrument.FunctionCheckIntervalDays },
      });
  }
  if (reasons.length) return { usable: false, until: null, reasons };
  const until = checkValidUntil! < instrument.CalibrationDueAt ? checkValidUntil! : instrument.CalibrationDueAt;
  return { usable: true, until, reasons };
}

/** InstrumentModel: its members in order, with its usability now. */
export const toInstrumentModel = (record: InstrumentRecord, now: Usability): InstrumentModel =>
  presentModel(INSTRUMENT_TABLE, record, { UsableNow: now.usable, UsableUntil: now.until });

/** Listing order of instruments: by name, then uuid. */
export const instrumentOrder = (a: InstrumentRecord, b: InstrumentRecord): number =>
  a.Name.localeCompare(b.Name) || a.Uuid.localeCompare(b.Uuid);

/** A new function check by `caller`. */
export function newCheck(
  instrument: Pick<InstrumentRecord, 'Client' | 'Facility' | 'Uuid'>,
  uuid: string,
  input: CheckInput,
  caller: string,
  now: Date,
): InstrumentCheck {
  return {
    Client: instrument.Client,
    Facility: instrument.Facility,
    Uuid: uuid,
    InstrumentUuid: instrument.Uuid,
    CheckedAt: input.CheckedAt,
    Result: input.Result,
    Reading: input.Reading ?? null,
    Note: input.Note ?? null,
    CheckedBy: caller,
    CreatedAt: formatTimestamp(now),
  };
}

export const toCheckModel = (check: InstrumentCheck, names: ReadonlyMap<string, string>): InstrumentCheckModel => ({
  Uuid: check.Uuid,
  InstrumentUuid: check.InstrumentUuid,
  CheckedAt: check.CheckedAt,
  Result: check.Result,
  Reading: check.Reading,
  Note: check.Note,
  CheckedBy: check.CheckedBy,
  CheckedByName: names.get(check.CheckedBy) ?? null,
  CreatedAt: check.CreatedAt,
});
