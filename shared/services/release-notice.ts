/**
 * The release under a clearance notice, resting on a decision measurement (StrlSchV): it gathers what the gate weighs
 * (the cited clearance notice, the newest decision measurement, the container's history, the year's releases for
 * disposal), passes the gate (shared/domain/release-gate.ts), renders the record, stores it under S3 Object Lock
 * before anything is written to the table (release-keeping.ts), and prepares what the caller's transaction writes: the
 * container, its audit, the record document, the register line and the notice's citation. Knows the ports only.
 */
import type { ContainerStore } from '../data/container-store';
import type { Tenant } from '../data/table';
import { calendarYear, localYearOf } from '../domain/calendar';
import type { ClearanceNotice } from '../domain/clearance-notice';
import { massCorrections } from '../domain/container-closing';
import { assessedContents, toContentModel, unknownImpurities } from '../domain/container-contents';
import { decayChart } from '../domain/decay-chart';
import { timeOrderedUuid } from '../domain/ids';
import { closedAt } from '../domain/measurement';
import { checkRelease, valueSourceOf } from '../domain/release-gate';
import { keptUntil, registerRowOf, releasedContainer, type ReleaseFacts } from '../domain/release-record';
import { releaseRecordContent } from '../domain/release-record-content';
import { isDisposalRoute, LEGACY_DISPOSAL, type ReleaseType } from '../domain/release-types';
import { formatTimestamp } from '../domain/time';
import { badRequest, conflict, notFound } from '../errors';
import type { PreparedRelease, ReleaseParts, ReleaseRequest } from './release-act';
import { keepRecord, recordFilename } from './release-keeping';

export function releaseUnderNotice(store: ContainerStore, parts: ReleaseParts) {
  /** The notice the release cites: 404 for an unknown one; for 'single', 409 unless exactly one fits. */
  async function citedNotice(
    tenant: Tenant,
    request: ReleaseRequest & { type: ReleaseType },
    at: string,
  ): Promise<ClearanceNotice> {
    if (request.notice === null)
      throw badRequest([{ key: 'detail.required', params: { field: 'ClearanceNoticeUuid' } }]);
    if (request.notice !== 'single') {
      const notice = await parts.notices.get(tenant, request.notice.uuid);
      if (!notice) throw notFound('clearance_notice.not_found');
      return notice;
    }
    const form = request.container.WasteForm;
    const fitting = (await parts.notices.inForce(tenant, at)).filter(
      (n) => n.ReleaseTypes.includes(request.type) && (form === null || n.WasteForms.includes(form)),
    );
    if (fitting.length !== 1) throw conflict('container.release_notice_ambiguous', { count: fitting.length });
    return fitting[0]!;
  }

  /**
   * g released on the type's disposal route in the facility's calendar year of the release (and, before the routes
   * were told apart, for disposal at all: such a line counts for both). The register is kept by UTC year, so the
   * calendar year is read from the UTC years it spans.
   */
  async function disposalMass(tenant: Tenant, type: ReleaseType, now: Date, timeZone: string) {
    const year = localYearOf(formatTimestamp(now), timeZone);
    if (!isDisposalRoute(type)) return { massThisYear: 0, year, timeZone };
    const span = calendarYear(year, timeZone);
    const years = [...new Set([Number(span.from.slice(0, 4)), Number(span.until.slice(0, 4))])];
    const rows = (
      await Promise.all(years.map((y) => parts.register.list(tenant, y, ['ReleaseType', 'Weight', 'ReleasedAt'])))
    ).flat();
    const massThisYear = rows
      .filter((r) => r.ReleasedAt >= span.from && r.ReleasedAt < span.until)
      .filter((r) => r.ReleaseType === type || r.ReleaseType === LEGACY_DISPOSAL)
      .reduce((sum, r) => sum + (r.Weight ?? 0), 0);
    return { massThisYear, year, timeZone };
  }

  /** A release under a clearance notice, resting on a decision measurement (StrlSchV). */
  async function underNotice(request: ReleaseRequest & { type: ReleaseType }, timeZone: string) {
    const { view, container, caller, justification, now, type } = request;
    // The type the regime chose for a request that named none is not one for disposal: it takes no plant.
    if (!isDisposalRoute(type) && request.plant !== null)
      throw badRequest([{ key: 'detail.plant_for_disposal', params: { field: 'DisposalPlant' } }]);
    const tenant = { client: container.Client, facility: container.Facility };
    const at = formatTimestamp(now);
    const [notice, measurements, history, disposal, previous] = await Promise.all([
      citedNotice(tenant, request, at),
      parts.measurements.list(tenant, container.Uuid),
      store.history(tenant, container.Uuid),
      disposalMass(tenant, type, now, timeZone),
      parts.register.head(tenant),
    ]);
    const measurement = measurements[0];
    const { assessment, plant } = checkRelease({
      stored: view.record,
      state: request.state,
      data: container,
      links: view.links,
      type,
      notice,
      plant: request.plant,
      measurement: measurement ?? null,
      decayEnteredAt: closedAt(container, history),
      disposal,
      maxAgeDays: parts.maxAgeDays,
      discrepancyFactor: parts.facility.discrepancyFactor,
      discrepancyCause: request.discrepancyCause,
      now,
    });
    const measured = Object.fromEntries(
      assessment.DecisionMeasurement!.Nuclides.map((n) => [n.Nuclide, n.SpecificActivityBqPerG ?? 0]),
    );
    const next = releasedContainer(container, caller.sub, now, measured);
    const corrections = massCorrections(history);
    const people = [caller.sub, measurement!.MeasuredBy, ...corrections.map((c) => c.By)];
    const names = await store.names(next.Client, [...new Set(people)], { consistent: true });
    const recordDocumentUuid = timeOrderedUuid(now);
    const facts: ReleaseFacts = {
      container: next,
      contents: view.links.map(toContentModel),
      assessment,
      measurement: measurement!,
      notice,
      type,
      plant,
      justification,
      discrepancyCause: request.discrepancyCause,
      recordDocumentUuid,
      officerName: caller.name ?? names.get(caller.sub) ?? null,
      names,
      massCorrections: corrections,
      chart: decayChart({
        container,
        contents: assessedContents(view.links),
        impuritiesUnknown: unknownImpurities(view.links),
        source: valueSourceOf(type, notice),
        measurements,
        predictedRelease: assessment.PredictedReleaseDateTime,
        release: at,
        now,
        language: 'de',
      }),
    };
    const row = registerRowOf(facts);
    const { document, hash, line, book, archive } = await keepRecord(parts, {
      tenant,
      caller,
      view,
      next,
      bytes: await parts.render(releaseRecordContent(facts), now),
      filename: recordFilename(next.Name, now),
      until: keptUntil(now),
      row,
      previous,
      type,
      now,
    });
    return {
      next,
      write: { document, line, previous, notice: { Uuid: notice.Uuid, Version: notice.Version } },
      book,
      archive,
      audit: [
        ...(justification === null ? [] : [{ field: 'Justification', old: null, new: justification }]),
        ...(request.discrepancyCause === null
          ? []
          : [{ field: 'DiscrepancyCause', old: null, new: request.discrepancyCause }]),
        {
          field: 'ReleaseRecord',
          old: null,
          new: {
            RecordDocumentUuid: recordDocumentUuid,
            Sha256: hash,
            ReleaseType: type,
            DisposalPlant: plant?.Name ?? null,
            ClearanceNoticeUuid: notice.Uuid,
            DecisionMeasurementUuid: measurement!.Uuid,
            SumOfRatios: row.SumOfRatios,
            ClearanceReached: true,
          },
        },
      ],
      model: {
        ContainerUuid: next.Uuid,
        RecordDocumentUuid: recordDocumentUuid,
        ReleaseType: type,
        ClearanceNoticeUuid: notice.Uuid,
        ReleasedAt: row.ReleasedAt,
        ReleasedBy: row.ReleasedBy,
        ReleasedByName: row.ReleasedByName,
        Justification: justification,
        DisposalPlant: row.DisposalPlant ?? null,
        DiscrepancyCause: request.discrepancyCause,
        Assessment: { ContainerUuid: next.Uuid, ...assessment },
        Sha256: hash,
      },
      notes: assessment.SharesAssumed ? [{ key: 'release.shares_assumed' }] : [],
    } satisfies PreparedRelease;
  }

  return underNotice;
}
