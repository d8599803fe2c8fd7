/**
 * A container as its readers see it: the container (with an Info when it is in DECAY and no release date can be
 * predicted) and its history; and how every container use case answers a container (`containerPresenter`). Nothing
 * here writes, so the functions that only read a container wire these alone (functions/commons/container-reads.ts),
 * without the container's writes, contents or release act; the container service (./containers.ts) answers the same
 * reads beside its writes.
 */
import { predictionGap, assessContainer } from '../domain/container-assessment';
import type { HistoryEntryModel } from '../domain/container-audit';
import { personIdsOf, toContainerModel, type ContainerModel, type ContainerView } from '../domain/container-model';
import { etagOf } from '../domain/record';
import type { NotificationSpec } from '../i18n/translate';
import { SERVICE_ACTOR, type ContainerStore } from '../data/container-store';
import type { Tenant } from '../data/table';
import { requestTime } from '../replay';
import { loadOrNotFound } from './container-writes';

export interface ContainerResult {
  model: ContainerModel;
  etag: string;
  /** Info and Warning notifications of the change (a predicted release date, a release against the assessment). */
  notes?: NotificationSpec[];
}

/** A container's answer at `now`: its model with the names of the people it names, and its ETag. */
export const containerPresenter =
  (store: Pick<ContainerStore, 'names'>) =>
  async (view: ContainerView, now: Date, consistent = false): Promise<ContainerResult> => {
    const names = await store.names(view.record.Client, personIdsOf(view.record), { consistent });
    return { model: toContainerModel(view, names, now), etag: etagOf(view.record) };
  };

export function containerReads(store: Pick<ContainerStore, 'load' | 'names' | 'history'>, clock = requestTime) {
  const present = containerPresenter(store);
  return {
    /** A container, with an Info when it is in DECAY and no release date can be predicted, naming why. */
    async load(tenant: Tenant, uuid: string): Promise<ContainerResult> {
      const view = await loadOrNotFound(store, tenant, uuid, false);
      const now = clock();
      const result = await present(view, now);
      if (view.record.State !== 'DECAY' || view.record.ReleaseDateTime !== null) return result;
      const assessment = assessContainer(view.record, view.links, now);
      if (assessment.PredictedReleaseDateTime !== null) return result;
      return { ...result, notes: [{ key: 'release.not_predictable', params: { reason: predictionGap(assessment) } }] };
    },

    /** A container's history, newest first: one line per field of each audit entry; `limit` lines from `offset`. */
    async history(
      tenant: Tenant,
      uuid: string,
      window: { offset: number; limit: number },
    ): Promise<{ items: HistoryEntryModel[]; total: number }> {
      // The container must exist (404 otherwise); its audit entries are read meanwhile.
      const [, entries] = await Promise.all([loadOrNotFound(store, tenant, uuid, false), store.history(tenant, uuid)]);
      const lines = entries.flatMap((entry) =>
        entry.changes.map((change) => ({
          At: entry.at,
          By: entry.actor,
          Field: change.field,
          OldValue: change.old,
          NewValue: change.new,
          RequestId: entry.requestId,
        })),
      );
      const page = lines.slice(window.offset, window.offset + window.limit);
      const people = [...new Set(page.map((l) => l.By))].filter((id) => id !== SERVICE_ACTOR.sub);
      const names = await store.names(tenant.client, people);
      const nameOf = (id: string) => (id === SERVICE_ACTOR.sub ? SERVICE_ACTOR.name! : (names.get(id) ?? null));
      return {
        items: page.map((l) => ({
          At: l.At,
          By: l.By,
          ByName: nameOf(l.By),
          Field: l.Field,
          OldValue: l.OldValue,
          NewValue: l.NewValue,
          RequestId: l.RequestId,
        })),
        total: lines.length,
      };
    },
  };
}
