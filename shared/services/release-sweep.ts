/**
 * The release sweep (a schedule, functions/container/release-sweep.ts): DECAY containers whose release date has passed
 * move to RELEASE_DATE_REACHED when the gate lets them; the others stay, their date predicted again. Over every
 * facility, on the sweep's own role; knows the ports only.
 */
import { SERVICE_ACTOR, type AuditChange, type ContainerStore } from '../data/container-store';
import { ConditionFailedError } from '../data/transact';
import { assessContainer, clearanceReason, opensDecayGate } from '../domain/container-assessment';
import { fieldChanges } from '../domain/container-audit';
import type { ContainerRecord } from '../domain/container-fields';
import { updateContainer } from '../domain/container-rules';
import { DEFAULT_REGIME, type Regime } from '../domain/regimes';
import { formatTimestamp } from '../domain/time';
import type { MeasurementReader } from './release-act';

export function releaseSweep(
  store: ContainerStore,
  options: {
    clock?: () => Date;
    measurements?: MeasurementReader;
    /** The facility's regime (its settings); without it, the default (German) one. */
    rules?: (tenant: { client: string; facility: string }) => Promise<{ regime: Regime }>;
  } = {},
) {
  const { clock = () => new Date(), measurements, rules } = options;
  const latestMeasurement = async (tenant: { client: string; facility: string }, uuid: string) =>
    (await measurements?.newest(tenant, uuid)) ?? null;

  /**
   * The release sweep: every DECAY container whose ReleaseDateTime has passed moves to
   * RELEASE_DATE_REACHED, audited as done by the service, if the assessment at this moment clears it
   * (the gate). One it does not clear stays in DECAY with ReleaseDateTime predicted again from its data
   * (null when none can be: then the sweep leaves it until its data change), so it is not found again
   * every run. Idempotent: each is read again and written only if still DECAY and due, under its
   * version, so one changed meanwhile is left alone.
   */
  async function releaseDue(
    requestId: string,
  ): Promise<{ due: number; moved: number; notCleared: { uuid: string; reason: string }[] }> {
    const now = clock();
    const at = formatTimestamp(now);
    const due = await store.dueForRelease(at);
    let moved = 0;
    const notCleared: { uuid: string; reason: string }[] = [];
    // Each facility's regime, read once a run however many of its containers are due.
    const regimes = new Map<string, Promise<Regime>>();
    const regimeOf = (tenant: { client: string; facility: string }): Promise<Regime> => {
      const key = `${tenant.client}/${tenant.facility}`;
      if (!regimes.has(key))
        regimes.set(key, rules ? rules(tenant).then((r) => r.regime) : Promise.resolve(DEFAULT_REGIME));
      return regimes.get(key)!;
    };
    for (const { tenant, uuid } of due) {
      const view = await store.load(tenant, uuid, { consistent: true });
      const record = view?.record;
      if (!view || record?.State !== 'DECAY' || record.ReleaseDateTime === null || record.ReleaseDateTime > at)
        continue;
      const service = { actor: SERVICE_ACTOR, at, requestId };
      // The gate, assessed once: a container the data does not clear now stays in DECAY, its date predicted again.
      const decision = await latestMeasurement(tenant, uuid);
      const options = { decision: { measurement: decision, form: record.WasteForm } };
      const assessment = assessContainer(record, view.links, now, options);
      const regime = await regimeOf(tenant);
      let outcome: { next: ContainerRecord; changes: AuditChange[] };
      // Held for decay its time (the regime's gate), or cleared by the assessment now.
      if (regime.gate === 'DECAY_TIME' || opensDecayGate(assessment, record, view.links, now, options)) {
        outcome = updateContainer(record, { State: 'RELEASE_DATE_REACHED' }, [], now, {
          links: view.links,
          decision,
          regime,
        });
      } else {
        notCleared.push({ uuid, reason: clearanceReason(assessment) });
        const predicted = assessment.PredictedReleaseDateTime;
        const next = {
          ...record,
          ReleaseDateTime: predicted !== null && predicted > at ? predicted : null,
          Version: record.Version + 1,
          UpdatedAt: at,
        };
        outcome = {
          next,
          changes: [
            ...fieldChanges(record, next),
            {
              field: 'ReleaseAssessment',
              old: null,
              new: {
                AssessedAt: at,
                SumOfRatios: assessment.SumOfRatios,
                ClearanceReached: assessment.ClearanceReached,
                ...(assessment.ImpuritiesUnknown.length
                  ? { ImpuritiesUnknown: assessment.ImpuritiesUnknown.map((u) => u.ContentId) }
                  : {}),
              },
            },
          ],
        };
      }
      try {
        await store.update(record, outcome.next, outcome.changes, service);
        if (outcome.next.State === 'RELEASE_DATE_REACHED') moved++;
      } catch (error) {
        if (!(error instanceof ConditionFailedError)) throw error;
      }
    }
    return { due: due.length, moved, notCleared };
  }

  return { releaseDue };
}
