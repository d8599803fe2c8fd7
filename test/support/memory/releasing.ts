/**
 * The container, release and register services over the in-memory stores, wired as a function wires them, with a
 * clock the test moves: for the tests of the release (shared/services/release-act.ts, release-notice.ts,
 * release-disposal.ts) and of releases.ts.
 */
import type { ClearanceNotice } from '../../../shared/domain/clearance-notice';
import type { ReleaseRecordContent } from '../../../shared/domain/record-content';
import type { ReleaseType } from '../../../shared/domain/release-types';
import { containerService } from '../../../shared/services/containers';
import type { Writer } from '../../../shared/services/writes';
import { DEFAULT_FACILITY_RULES, releaseAct } from '../../../shared/services/release-act';
import { registerService, releaseService } from '../../../shared/services/releases';
import { memoryArchiveProgress } from './archive-progress';
import { memoryContainerStore } from './containers';
import { memorySurveyStore } from './surveys';
import type { Regime } from '../../../shared/domain/regimes';
import { memoryFileStorage } from './files';
import { measurementFixture, memoryReleaseSources, noticeFixture, PLANTS } from './release-sources';

export const tenant = { client: 'c1', facility: 'f1' };
export const ada: Writer = { sub: 'ada', name: 'Ada Lovelace', roles: [] };
export const grace: Writer = { sub: 'grace', name: 'Grace Hopper', roles: ['rpo'] };
export const T0 = '2026-11-20 08:00:00';
/** The day after T0: F-18 measured at T0 has decayed far below its values. */
export const NEXT_DAY = '2026-11-21T08:00:00Z';

/** The services of a facility under the default regime, or under `regime` with its time zone. */
export function setup(options: { regime?: Regime; timeZone?: string } = {}) {
  const store = memoryContainerStore();
  const surveys = memorySurveyStore(store);
  let settingsReads = 0;
  const settings = options.regime
    ? async () => {
        settingsReads += 1;
        return { regime: options.regime!, TimeZone: options.timeZone ?? options.regime!.defaultTimeZone };
      }
    : undefined;
  const files = memoryFileStorage();
  const sources = memoryReleaseSources();
  let now = new Date('2026-11-20T08:00:00Z');
  const clock = () => now;
  const rendered: ReleaseRecordContent[] = [];
  const progress = memoryArchiveProgress();
  const act = releaseAct(store, {
    records: files,
    lockMode: 'COMPLIANCE',
    progress,
    render: async (content) => {
      rendered.push(content);
      return new TextEncoder().encode(`%PDF ${content.subtitle}`);
    },
    notices: sources.notices,
    measurements: sources.measurements,
    register: store.register,
    maxAgeDays: 7,
    facility: DEFAULT_FACILITY_RULES,
    surveys,
    ...(settings ? { settings } : {}),
  });
  const notice = sources.addNotice(noticeFixture(tenant));
  return {
    store,
    files,
    sources,
    progress,
    rendered,
    notice,
    surveys,
    containers: containerService(store, { clock, release: act, ...sources, ...(settings ? { rules: settings } : {}) }),
    releases: releaseService(store, act, clock, settings),
    register: registerService(store.register, {
      timeZone: DEFAULT_FACILITY_RULES.timeZone,
      ...(settings ? { rules: settings } : {}),
    }),
    at: (iso: string) => {
      now = new Date(iso);
    },
    now: () => now,
    /** How often the facility's settings were read (under `regime`). */
    settingsReads: () => settingsReads,
  };
}
export type Setup = ReturnType<typeof setup>;

/** A solid container of 10 kg (or `weight` g) measured at T0 with F-18 (`activity` Bq), moved to DECAY. */
export async function decaying(
  s: Setup,
  options: { activity?: number; name?: string; nuclide?: string; weight?: number } = {},
) {
  const { activity = 1_000_000, name = 'Box 7', nuclide = 'F-18', weight = 10_000 } = options;
  const { model } = await s.containers.create(
    tenant,
    ada,
    { Name: name, Weight: weight, MeasurementActivity: activity, MeasurementDate: T0, WasteForm: 'SOLID' },
    'r',
  );
  const uuid = model.Uuid as string;
  await s.containers.addContent(
    tenant,
    ada,
    uuid,
    { Kind: 'CYCLOTRON_PRODUCT', ContentId: 'p1', Nuclide: nuclide, Activity: activity, ActivityDateTime: T0 },
    'r',
  );
  await s.containers.update(tenant, ada, uuid, { State: 'DECAY' }, undefined, 'r');
  return uuid;
}

/** A decision measurement of `uuid` now: `valueUsed` Bq/g of `nuclide` (detection limit 0.002 Bq/g). */
export function measure(
  s: Setup,
  uuid: string,
  options: { valueUsed?: number; nuclide?: string; weightG?: number } = {},
) {
  const at = s.now().toISOString().replace('T', ' ').slice(0, 19);
  return s.sources.addMeasurement(
    tenant,
    measurementFixture({
      containerUuid: uuid,
      at,
      weightG: options.weightG ?? 10_000,
      fractions: { [options.nuclide ?? 'F-18']: 1 },
      valueUsed: options.valueUsed ?? 0.01,
      detectionLimit: 0.002,
    }),
  );
}

/** Decayed a day, in RELEASE_DATE_REACHED, measured: ready for the release. */
export async function ready(s: Setup, options: Parameters<typeof decaying>[1] = {}) {
  const uuid = await decaying(s, options);
  s.at(NEXT_DAY);
  await s.containers.update(tenant, ada, uuid, { State: 'RELEASE_DATE_REACHED' }, undefined, 'r');
  measure(s, uuid, { nuclide: options.nuclide });
  return uuid;
}

/** A notice of the facility for both disposal routes and their plants (`more` over it), added as `disposal`. */
export const addDisposalNotice = (s: Setup, more: Partial<ClearanceNotice> = {}) =>
  s.sources.addNotice(
    noticeFixture(tenant, {
      Uuid: 'disposal',
      ReleaseTypes: ['SPECIFIC_LANDFILL', 'SPECIFIC_INCINERATION'],
      DisposalPlants: [...PLANTS],
      ...more,
    }),
  );

export const input = (
  s: Setup,
  type: ReleaseType = 'UNRESTRICTED',
  justification: string | null = null,
  more: { plant?: string; discrepancyCause?: string } = {},
) => ({
  type,
  noticeUuid: s.notice.Uuid,
  plant: more.plant ?? null,
  justification,
  discrepancyCause: more.discrepancyCause ?? null,
});
