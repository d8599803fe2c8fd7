/**
 * Container use cases: load, create, update (with If-Match), delete, assessment and history; the contents beside
 * it (container-contents.ts), the release act (release-act.ts), the scheduled sweep (release-sweep.ts) and the label
 * (container-label.ts).
 * Orchestrates the domain rules and the store port; knows nothing of DynamoDB or HTTP events.
 */
import { randomUUID } from 'node:crypto';
import { assessContainer, predictionGap } from '../domain/container-assessment';
import { assessedContents } from '../domain/container-contents';
import { decayChart, type DecayChart } from '../domain/decay-chart';
import type { Language } from '../i18n/messages';
import { allFieldsAsChanges, fieldChanges, type HistoryEntryModel } from '../domain/container-audit';
import type { ContainerCreate, ContainerPatch } from '../domain/container-fields';
import { personIdsOf, toContainerModel, type ContainerModel, type ContainerView } from '../domain/container-model';
import { etagOf } from '../domain/record';
import { ASSESSED_FIELDS, createContainer, updateContainer } from '../domain/container-rules';
import { DEFAULT_REGIME } from '../domain/regimes';
import { isKeptRecord, checkDeletable, transitionRecord } from '../domain/container-states';
import type { ReleaseAssessment } from '../domain/release-assessment';
import { valueSourceOf } from '../domain/release-gate';
import type { AnyReleaseType, ReleaseType } from '../domain/release-types';
import { containerContents } from './container-contents';
import { loadOrNotFound, writeContext } from './container-writes';
import { checkIfMatch, preconditionFailed, type Writer } from './writes';
import {
  type FacilitySettingsRead,
  type MeasurementReader,
  type NoticeReader,
  type ReleaseAct,
  writeRelease,
} from './release-act';
import { badRequest, conflict, notFound } from '../errors';
import { type BookPort, holdsBookMaterial, leavingWrite } from './container-book';
import type { NotificationSpec } from '../i18n/translate';
import { ConditionFailedError, optimistic } from '../data/transact';
import { SERVICE_ACTOR, type AuditChange, type ContainerStore } from '../data/container-store';
import type { Tenant } from '../data/table';
import { mintUuid, requestTime } from '../replay';

export interface ContainerResult {
  model: ContainerModel;
  etag: string;
  /** Info and Warning notifications of the change (a predicted release date, a release against the assessment). */
  notes?: NotificationSpec[];
}

/** What the container service works with besides its store. */
export interface ContainerServiceOptions {
  clock?: () => Date;
  /** The release act (shared/services/release-act.ts): for the functions that may release (an update may). */
  release?: ReleaseAct;
  /** The decision measurements: they too open RELEASE_DATE_REACHED, and the assessment weighs the newest. */
  measurements?: MeasurementReader;
  /** The clearance notices: an assessment for INDIVIDUAL reads the notice's values. */
  notices?: NoticeReader;
  /** The material book: contents drawn from it, and where a dispatched container's material went. */
  book?: BookPort;
  /**
   * The facility's regime and time zone (shared/services/facility-settings.ts); without it, the default (German)
   * regime. An update that releases hands what it read to the release act, which then reads none again.
   */
  rules?: (tenant: Tenant) => Promise<FacilitySettingsRead>;
}

/** Whether an update meets what differs by regime: a state, the labels, a release, a date, what predicts it. */
const readsRegime = (patch: ContainerPatch) =>
  patch.State !== undefined ||
  patch.LabelsRemoved !== undefined ||
  patch.IsReleasedByRadiationProtectionOfficer !== undefined ||
  patch.ReleaseDateTime !== undefined ||
  ASSESSED_FIELDS.some((field) => patch[field] !== undefined);

export function containerService(store: ContainerStore, options: ContainerServiceOptions = {}) {
  const { clock = requestTime, release, measurements, notices, book, rules } = options;
  const latestMeasurement = async (tenant: Tenant, uuid: string) => (await measurements?.newest(tenant, uuid)) ?? null;
  async function present(view: ContainerView, now: Date, consistent = false): Promise<ContainerResult> {
    const names = await store.names(view.record.Client, personIdsOf(view.record), { consistent });
    return { model: toContainerModel(view, names, now), etag: etagOf(view.record) };
  }

  const mustLoad = (tenant: Tenant, uuid: string, consistent: boolean) =>
    loadOrNotFound(store, tenant, uuid, consistent);

  /** A container, its decision measurements (the newest, or every one) and its assessment for a type now. */
  async function assessed(
    tenant: Tenant,
    uuid: string,
    type: ReleaseType,
    noticeUuid: string | undefined,
    every: boolean,
  ) {
    if (type === 'INDIVIDUAL' && noticeUuid === undefined)
      throw badRequest([
        { key: 'detail.required_with', params: { field: 'clearanceNoticeUuid', other: 'releaseType=INDIVIDUAL' } },
      ]);
    const [view, all, notice] = await Promise.all([
      mustLoad(tenant, uuid, false),
      every ? (measurements?.list(tenant, uuid) ?? []) : latestMeasurement(tenant, uuid).then((m) => (m ? [m] : [])),
      type === 'INDIVIDUAL' && notices ? notices.get(tenant, noticeUuid!) : undefined,
    ]);
    if (type === 'INDIVIDUAL' && !notice) throw notFound('clearance_notice.not_found');
    const source = valueSourceOf(type, notice ?? { Limits: [] });
    const assessment = assessContainer(view.record, view.links, clock(), {
      source,
      decision: { measurement: all[0] ?? null, form: view.record.WasteForm },
    });
    return { view, all, source, assessment };
  }

  return {
    /** A container, with an Info when it is in DECAY and no release date can be predicted, naming why. */
    async load(tenant: Tenant, uuid: string): Promise<ContainerResult> {
      const view = await mustLoad(tenant, uuid, false);
      const now = clock();
      const result = await present(view, now);
      if (view.record.State !== 'DECAY' || view.record.ReleaseDateTime !== null) return result;
      const assessment = assessContainer(view.record, view.links, now);
      if (assessment.PredictedReleaseDateTime !== null) return result;
      return { ...result, notes: [{ key: 'release.not_predictable', params: { reason: predictionGap(assessment) } }] };
    },

    async create(tenant: Tenant, caller: Writer, patch: ContainerCreate, requestId: string): Promise<ContainerResult> {
      const now = clock();
      const record = createContainer(tenant, mintUuid(), patch, caller.roles, now, caller.sub);
      await store.create(record, allFieldsAsChanges(record, 'created'), writeContext(caller, now, requestId));
      return present({ record, links: [], dispatchId: null, disposeId: null }, now, true);
    },

    /**
     * Partial update. With If-Match, a version other than the one named is 412, also when another
     * request wins the race between read and write. Without it, a lost race re-reads and re-applies.
     */
    async update(
      tenant: Tenant,
      caller: Writer,
      uuid: string,
      patch: ContainerPatch,
      ifMatch: string | undefined,
      requestId: string,
      justification: string | null = null,
    ): Promise<ContainerResult> {
      return optimistic(async () => {
        const [view, decision, facility] = await Promise.all([
          mustLoad(tenant, uuid, true),
          patch.State === 'RELEASE_DATE_REACHED' ? latestMeasurement(tenant, uuid) : null,
          readsRegime(patch) && rules ? rules(tenant) : undefined,
        ]);
        const regime = facility?.regime ?? DEFAULT_REGIME;
        checkIfMatch(ifMatch, etagOf(view.record));
        const now = clock();
        const outcome = updateContainer(view.record, patch, caller.roles, now, {
          links: view.links,
          caller: caller.sub,
          justification,
          decision,
          regime,
        });
        const noted: AuditChange[] =
          justification === null ? [] : [{ field: 'Justification', old: null, new: justification }];
        let { next } = outcome;
        const notes = [...outcome.notes];
        const kind = transitionRecord(view.record.State, next.State);
        const transition = kind ? { kind, id: randomUUID() } : undefined;
        const write = writeContext(caller, now, requestId);
        try {
          if (outcome.releasing) {
            // Setting the release is the release act (its gate, its record): the regime's first type (UNRESTRICTED,
            // under the facility's one notice that permits it; or decay-in-storage).
            if (!release) throw new Error('containerService: an update that releases needs the release act');
            const prepared = await release({
              view,
              container: next,
              state: isKeptRecord(next.State) ? view.record.State : next.State,
              caller,
              type: regime.releaseTypes[0] as AnyReleaseType,
              notice: 'single',
              plant: null,
              justification,
              discrepancyCause: null,
              now,
              settings: facility,
            });
            next = prepared.next;
            notes.push(...prepared.notes);
            await writeRelease(store, view.record, next, fieldChanges(view.record, next), write, prepared, transition);
          } else {
            // Handed to a licensed disposer: the book says where its material went.
            const leaving =
              transition?.kind === 'DISPATCH'
                ? await leavingWrite(book, tenant, caller, { uuid, links: view.links }, 'DISPATCHED', write.at, null)
                : undefined;
            await store.update(
              view.record,
              next,
              [...outcome.changes, ...noted],
              write,
              transition,
              undefined,
              leaving ?? undefined,
            );
            if (leaving) await book!.archive.keep(tenant, [leaving.line]);
          }
        } catch (error) {
          // With If-Match, losing the race is a failed precondition, not a reason to re-apply.
          if (error instanceof ConditionFailedError && ifMatch !== undefined) throw preconditionFailed(ifMatch);
          throw error;
        }
        const written = outcome.changes.length || outcome.releasing ? next : view.record;
        const result = await present(
          {
            ...view,
            record: written,
            dispatchId: transition?.kind === 'DISPATCH' ? transition.id : view.dispatchId,
            disposeId: transition?.kind === 'DISPOSE' ? transition.id : view.disposeId,
          },
          now,
          true,
        );
        return { ...result, notes };
      });
    },

    /** Deletes an OPEN container and answers it as it was. */
    async remove(tenant: Tenant, caller: Writer, uuid: string, requestId: string): Promise<ContainerResult> {
      return optimistic(async () => {
        const view = await mustLoad(tenant, uuid, true);
        checkDeletable(view.record);
        if (holdsBookMaterial(view.links)) throw conflict('container.holds_book_material');
        const now = clock();
        await store.remove(view, allFieldsAsChanges(view.record, 'deleted'), writeContext(caller, now, requestId));
        return present(view, now, true);
      });
    },

    ...containerContents(store, clock, book),

    /**
     * The release assessment now for a release type (INDIVIDUAL with the notice whose values it uses), with the
     * newest decision measurement weighed against the same values, and the notes it gives (shares assumed, no date
     * to predict and why).
     */
    async assess(
      tenant: Tenant,
      uuid: string,
      type: ReleaseType = 'UNRESTRICTED',
      noticeUuid?: string,
    ): Promise<{ assessment: ReleaseAssessment & { ContainerUuid: string }; notes: NotificationSpec[] }> {
      const { assessment } = await assessed(tenant, uuid, type, noticeUuid, false);
      const notes: NotificationSpec[] = [
        ...(assessment.SharesAssumed ? [{ key: 'release.shares_assumed' } as const] : []),
        ...(assessment.PredictedReleaseDateTime === null
          ? [{ key: 'release.not_predictable', params: { reason: predictionGap(assessment) } } as const]
          : []),
      ];
      return { assessment: { ContainerUuid: uuid, ...assessment }, notes };
    },

    /**
     * The decay chart of a container for a release type (shared/domain/decay-chart.ts): the prediction, the clearance
     * line, every decision measurement, the predicted and (once released) the actual release, in `language`.
     */
    async chart(
      tenant: Tenant,
      uuid: string,
      language: Language,
      type: ReleaseType = 'UNRESTRICTED',
      noticeUuid?: string,
    ): Promise<DecayChart> {
      const { view, assessment, source, all } = await assessed(tenant, uuid, type, noticeUuid, true);
      return decayChart({
        container: view.record,
        contents: assessedContents(view.links),
        impuritiesUnknown: assessment.ImpuritiesUnknown,
        source,
        measurements: all,
        predictedRelease: assessment.PredictedReleaseDateTime,
        release: view.record.ReleasedByRadiationProtectionOfficerDateTime,
        now: clock(),
        language,
      });
    },

    /** A container's history, newest first: one line per field of each audit entry; `limit` lines from `offset`. */
    async history(
      tenant: Tenant,
      uuid: string,
      window: { offset: number; limit: number },
    ): Promise<{ items: HistoryEntryModel[]; total: number }> {
      // The container must exist (404 otherwise); its audit entries are read meanwhile.
      const [, entries] = await Promise.all([mustLoad(tenant, uuid, false), store.history(tenant, uuid)]);
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
