/**
 * Container use cases: the update (with If-Match), beside the reads (load and history: container-reads.ts), the
 * assessment and chart (container-assessments.ts), create and delete (container-lifecycle.ts) and the contents
 * (container-contents.ts); the release act (release-act.ts), the scheduled sweep (release-sweep.ts) and the label
 * (container-label.ts).
 * Orchestrates the domain rules and the store port; knows nothing of DynamoDB or HTTP events.
 */
import { randomUUID } from 'node:crypto';
import { fieldChanges } from '../domain/container-audit';
import type { ContainerPatch } from '../domain/container-fields';
import { etagOf } from '../domain/record';
import { ASSESSED_FIELDS, updateContainer } from '../domain/container-rules';
import { DEFAULT_REGIME } from '../domain/regimes';
import { isKeptRecord, transitionRecord } from '../domain/container-states';
import type { AnyReleaseType } from '../domain/release-types';
import { containerAssessments, newestMeasurement } from './container-assessments';
import { containerContents } from './container-contents';
import { containerLifecycle } from './container-lifecycle';
import { containerPresenter, containerReads, type ContainerResult } from './container-reads';
import { loadOrNotFound, writeContext } from './container-writes';
import { checkIfMatch, preconditionFailed, type Writer } from './writes';
import {
  type FacilitySettingsRead,
  type MeasurementReader,
  type NoticeReader,
  type ReleaseAct,
  writeRelease,
} from './release-act';
import { type BookPort, leavingWrite } from './container-book';
import { ConditionFailedError, optimistic } from '../data/transact';
import type { AuditChange, ContainerStore } from '../data/container-store';
import type { Tenant } from '../data/table';
import { requestTime } from '../replay';

export type { ContainerResult } from './container-reads';

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
  const present = containerPresenter(store);

  const mustLoad = (tenant: Tenant, uuid: string, consistent: boolean) =>
    loadOrNotFound(store, tenant, uuid, consistent);

  return {
    ...containerReads(store, clock),
    ...containerAssessments(store, { measurements, notices }, clock),
    ...containerLifecycle(store, clock),

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
          patch.State === 'RELEASE_DATE_REACHED' ? newestMeasurement(measurements, tenant, uuid) : null,
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

    ...containerContents(store, clock, book),
  };
}
