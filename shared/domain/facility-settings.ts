/**
 * A facility's settings: the release regime it works under (shared/domain/regimes/), the time zone its calendar rules
 * count in and the language its records are written in by default. A facility that never stored any has the
 * defaults (the German regime, Europe/Berlin, German). Its regime changes only while no container is closed (in DECAY
 * or later): a container's release date, its gate and its record follow the regime it was closed under. Pure: no AWS,
 * no HTTP.
 */
import { conflict } from '../errors';
import type { Language } from '../i18n/messages';
import { DEFAULT_REGIME, REGIMES, type Regime, type RegimeName } from './regimes';
import { formatTimestamp } from './time';

export interface FacilitySettingsData {
  Regime: RegimeName;
  /** An IANA time zone: where the facility's calendar (a year's mass, a month's report, a record's dates) counts. */
  TimeZone: string;
  /** The language the facility's records are written in unless a request says otherwise. */
  RecordLanguage: Language;
}

/** The settings as stored: per facility, versioned (the ETag), created on first read. */
export interface FacilitySettingsRecord extends FacilitySettingsData {
  Client: string;
  Facility: string;
  Version: number;
  CreatedAt: string;
  UpdatedAt: string;
}

/** FacilitySettingsModel: what GET and PUT answer (no tenant: the path names it). */
export type FacilitySettingsModel = Omit<FacilitySettingsRecord, 'Client' | 'Facility' | 'Version'>;

export type SettingsPatch = Partial<FacilitySettingsData>;

/** The data of a facility that stored no settings: the default regime's. */
export const DEFAULT_SETTINGS: FacilitySettingsData = {
  Regime: DEFAULT_REGIME.name,
  TimeZone: DEFAULT_REGIME.defaultTimeZone,
  RecordLanguage: DEFAULT_REGIME.defaultLanguage,
};

/** The settings a facility gets on first read: the defaults, version 1. */
export function defaultSettings(tenant: { client: string; facility: string }, now: Date): FacilitySettingsRecord {
  const at = formatTimestamp(now);
  return {
    Client: tenant.client,
    Facility: tenant.facility,
    ...DEFAULT_SETTINGS,
    Version: 1,
    CreatedAt: at,
    UpdatedAt: at,
  };
}

export const regimeOfSettings = (settings: Pick<FacilitySettingsData, 'Regime'>): Regime =>
  REGIMES[settings.Regime] ?? DEFAULT_REGIME;

/**
 * The settings after a partial change: a new regime brings its time zone and language unless the change names them;
 * 409 `settings.regime_locked` for a new regime while `closedContainers` of the facility are in DECAY or later.
 */
export function changeSettings(
  current: FacilitySettingsRecord,
  patch: SettingsPatch,
  closedContainers: number,
  now: Date,
): FacilitySettingsRecord {
  const regime = patch.Regime ?? current.Regime;
  const switching = regime !== current.Regime;
  if (switching && closedContainers > 0)
    throw conflict('settings.regime_locked', { from: current.Regime, to: regime, count: closedContainers });
  const next: FacilitySettingsRecord = {
    ...current,
    Regime: regime,
    TimeZone: patch.TimeZone ?? (switching ? REGIMES[regime].defaultTimeZone : current.TimeZone),
    RecordLanguage: patch.RecordLanguage ?? (switching ? REGIMES[regime].defaultLanguage : current.RecordLanguage),
  };
  const changed = (['Regime', 'TimeZone', 'RecordLanguage'] as const).some((f) => next[f] !== current[f]);
  return changed ? { ...next, Version: current.Version + 1, UpdatedAt: formatTimestamp(now) } : current;
}

export const toSettingsModel = (r: FacilitySettingsRecord): FacilitySettingsModel => ({
  Regime: r.Regime,
  TimeZone: r.TimeZone,
  RecordLanguage: r.RecordLanguage,
  CreatedAt: r.CreatedAt,
  UpdatedAt: r.UpdatedAt,
});
