/**
 * A container's release assessment now for a release type, and its decay chart: both weigh the newest decision
 * measurement (the chart shows every one) against the values of the type (INDIVIDUAL: its clearance notice's). Read
 * only; the release assessment's function wires these alone (functions/commons/container-reads.ts), the container
 * service (./containers.ts) answers the same beside its writes.
 */
import { assessContainer, predictionGap } from '../domain/container-assessment';
import { assessedContents } from '../domain/container-contents';
import { decayChart, type DecayChart } from '../domain/decay-chart';
import type { ReleaseAssessment } from '../domain/release-assessment';
import { valueSourceOf } from '../domain/release-gate';
import type { ReleaseType } from '../domain/release-types';
import { badRequest, notFound } from '../errors';
import type { Language } from '../i18n/messages';
import type { NotificationSpec } from '../i18n/translate';
import type { ContainerStore } from '../data/container-store';
import type { Tenant } from '../data/table';
import { requestTime } from '../replay';
import { loadOrNotFound } from './container-writes';
import type { MeasurementReader, NoticeReader } from './release-act';

/** What an assessment reads besides the container: its decision measurements and the clearance notices. */
export interface AssessmentSources {
  /** The decision measurements: the assessment weighs the newest. */
  measurements?: MeasurementReader;
  /** The clearance notices: an assessment for INDIVIDUAL reads the notice's values. */
  notices?: NoticeReader;
}

/** A container's newest decision measurement, or null (none, or no measurements to read). */
export const newestMeasurement = async (measurements: MeasurementReader | undefined, tenant: Tenant, uuid: string) =>
  (await measurements?.newest(tenant, uuid)) ?? null;

export function containerAssessments(
  store: Pick<ContainerStore, 'load'>,
  { measurements, notices }: AssessmentSources,
  clock = requestTime,
) {
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
      loadOrNotFound(store, tenant, uuid, false),
      every
        ? (measurements?.list(tenant, uuid) ?? [])
        : newestMeasurement(measurements, tenant, uuid).then((m) => (m ? [m] : [])),
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
  };
}
