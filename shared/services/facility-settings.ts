/**
 * A facility's settings: read (created with the defaults on first read), changed by its radiation protection officer
 * (role rpo: the route's) under If-Match, and the regime and calendar the rest of the service reads
 * (`facilityRules`): a facility that stored none has the defaults, and reading them writes nothing.
 */
import type { SettingsStore } from '../data/facility-settings';
import type { Tenant } from '../data/table';
import { ConditionFailedError, optimistic } from '../data/transact';
import {
  changeSettings,
  DEFAULT_SETTINGS,
  defaultSettings,
  type FacilitySettingsData,
  type FacilitySettingsModel,
  type FacilitySettingsRecord,
  regimeOfSettings,
  type SettingsPatch,
  toSettingsModel,
} from '../domain/facility-settings';
import type { Regime } from '../domain/regimes';
import { checkIfMatch, preconditionFailed } from './writes';

/** What the service reads of a facility: its regime, its time zone, its record language. */
export interface FacilityRules extends FacilitySettingsData {
  regime: Regime;
}

/** A facility's regime and calendar from its stored settings, or the defaults when it stored none. */
export async function facilityRules(store: Pick<SettingsStore, 'get'>, tenant: Tenant): Promise<FacilityRules> {
  const stored = await store.get(tenant);
  const data: FacilitySettingsData = stored
    ? { Regime: stored.Regime, TimeZone: stored.TimeZone, RecordLanguage: stored.RecordLanguage }
    : DEFAULT_SETTINGS;
  return { ...data, regime: regimeOfSettings(data) };
}

/** The ETag of a facility's settings: `"{facility}.{version}"`. */
const etagOf = (r: FacilitySettingsRecord) => `"${r.Facility}.${r.Version}"`;

export interface SettingsResult {
  model: FacilitySettingsModel;
  etag: string;
}

export function settingsService(store: SettingsStore, clock: () => Date = () => new Date()) {
  /** The stored settings, written with the defaults first if the facility has none. */
  async function current(tenant: Tenant): Promise<FacilitySettingsRecord> {
    const stored = await store.get(tenant, { consistent: true });
    if (stored) return stored;
    const created = defaultSettings(tenant, clock());
    if (await store.create(created)) return created;
    return (await store.get(tenant, { consistent: true }))!;
  }
  const result = (r: FacilitySettingsRecord): SettingsResult => ({ model: toSettingsModel(r), etag: etagOf(r) });

  return {
    /** GET .../settings: the facility's settings, created with the defaults on first read. */
    async load(tenant: Tenant): Promise<SettingsResult> {
      return result(await current(tenant));
    },

    /**
     * PUT .../settings: a partial change under If-Match (412 when stale); a new regime only while no container is
     * closed (409 `settings.regime_locked`).
     */
    async update(tenant: Tenant, patch: SettingsPatch, ifMatch: string | undefined): Promise<SettingsResult> {
      return optimistic(async () => {
        const previous = await current(tenant);
        checkIfMatch(ifMatch, etagOf(previous));
        const switching = patch.Regime !== undefined && patch.Regime !== previous.Regime;
        const closed = switching ? await store.closedContainers(tenant) : 0;
        const next = changeSettings(previous, patch, closed, clock());
        if (next !== previous)
          await store.update(previous, next).catch((error: unknown) => {
            // With If-Match, losing the race is a failed precondition, not a reason to apply the change again.
            if (error instanceof ConditionFailedError && ifMatch !== undefined) throw preconditionFailed(ifMatch);
            throw error;
          });
        return result(next);
      });
    },

    /** The facility's regime and calendar (for the label, the release, the register). */
    rules: (tenant: Tenant): Promise<FacilityRules> => facilityRules(store, tenant),
  };
}
