/**
 * In-memory adapters of the survey port (shared/data/surveys.ts) over the in-memory container store, and of the
 * settings port (shared/data/facility-settings.ts): a survey is kept only when the container still had the version
 * it was read at; settings are written once, then under their version.
 */
import type { SettingsStore } from '../../../shared/data/facility-settings';
import type { SurveyStore } from '../../../shared/data/surveys';
import type { Tenant } from '../../../shared/data/table';
import { ConditionFailedError } from '../../../shared/data/transact';
import type { FacilitySettingsRecord } from '../../../shared/domain/facility-settings';
import type { SurveyRecord } from '../../../shared/domain/regimes/us-nrc-10cfr35/survey';
import type { memoryContainerStore } from './containers';

const sortKey = (s: SurveyRecord) => `${s.SurveyedAt}#${s.Uuid}`;
const idOf = (tenant: Tenant) => `${tenant.client}#${tenant.facility}`;

export function memorySurveyStore(containers: ReturnType<typeof memoryContainerStore>) {
  const surveys: SurveyRecord[] = [];
  const store: SurveyStore & { all: () => SurveyRecord[] } = {
    newest: async (tenant, container) =>
      structuredClone(
        surveys
          .filter((s) => idOf({ client: s.Client, facility: s.Facility }) === idOf(tenant))
          .filter((s) => s.ContainerUuid === container)
          .sort((a, b) => (sortKey(a) < sortKey(b) ? 1 : -1))[0],
      ),
    async record(previous, next, survey, write) {
      await containers.update(previous, next, [{ field: 'Survey', old: null, new: survey.Uuid }], write);
      surveys.push(structuredClone(survey));
    },
    names: (client, ids) => containers.names(client, ids),
    all: () => structuredClone(surveys),
  };
  return store;
}

/** Settings in memory; `closed` says how many closed containers each facility has (the tests set it). */
export function memorySettingsStore() {
  const settings = new Map<string, FacilitySettingsRecord>();
  const closed = new Map<string, number>();
  const store: SettingsStore & { setClosed: (tenant: Tenant, count: number) => void } = {
    get: async (tenant) => structuredClone(settings.get(idOf(tenant))),
    async create(record) {
      const id = idOf({ client: record.Client, facility: record.Facility });
      if (settings.has(id)) return false;
      settings.set(id, structuredClone(record));
      return true;
    },
    async update(previous, next) {
      const id = idOf({ client: next.Client, facility: next.Facility });
      if (settings.get(id)?.Version !== previous.Version) throw new ConditionFailedError(['ConditionalCheckFailed']);
      settings.set(id, structuredClone(next));
    },
    closedContainers: async (tenant) => closed.get(idOf(tenant)) ?? 0,
    setClosed: (tenant, count) => closed.set(idOf(tenant), count),
  };
  return store;
}
