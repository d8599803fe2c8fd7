/**
 * The release act, for POST .../release and for an update that sets the release: it gathers what the gate weighs
 * (the cited clearance notice, the newest decision measurement, the container's history, the year's releases for
 * disposal), passes the gate (shared/domain/release-gate.ts), renders the record, stores it under S3 Object Lock
 * before anything is written to the table, and prepares what the caller's transaction writes: the container, its
 * audit, the record document, the register line and the notice's citation. Knows the ports only.
 */
import type { Writer } from './writes';
import type { ArchiveProgressStore } from '../data/archive-progress';
import type { AuditChange, ContainerStore, ReleaseWrite, WriteContext } from '../data/container-store';
import type { FileStorage, LockMode } from '../data/files';
import type { ReleaseRegisterStore } from '../data/releases';
import type { Tenant } from '../data/table';
import { ConditionFailedError } from '../data/transact';
import type { ClearanceNotice } from '../domain/clearance-notice';
import { calendarYear, DEFAULT_TIME_ZONE, localYearOf } from '../domain/calendar';
import { massCorrections } from '../domain/container-closing';
import { assessedContents, toContentModel, unknownImpurities } from '../domain/container-contents';
import { decayChart } from '../domain/decay-chart';
import type { ContainerRecord } from '../domain/container-fields';
import type { ContainerView } from '../domain/container-model';
import { closedAt, type MeasurementRecord } from '../domain/measurement';
import { timeOrderedUuid } from '../domain/ids';
import type { ReleaseRecordContent } from '../domain/record-content';
import { DEFAULT_DISCREPANCY_FACTOR } from '../domain/release-assessment';
import { checkReleasable, checkRelease, valueSourceOf } from '../domain/release-gate';
import {
  keptUntil,
  registerRowOf,
  releasedContainer,
  type ReleaseFacts,
  type ReleaseRecordModel,
} from '../domain/release-record';
import { releaseRecordContent } from '../domain/release-record-content';
import { type AnyReleaseType, isDisposalRoute, LEGACY_DISPOSAL, type ReleaseType } from '../domain/release-types';
import { DEFAULT_REGIME, type Regime, REGIMES } from '../domain/regimes';
import type { SurveyRecord } from '../domain/regimes/us-nrc-10cfr35/survey';
import type { FacilityRules as FacilitySettings } from './facility-settings';
import { disposalAfterSurvey } from './release-disposal';
import { keepRecord, recordFilename } from './release-keeping';
import { formatTimestamp } from '../domain/time';
import { badRequest, conflict, notFound } from '../errors';
import type { NotificationSpec } from '../i18n/translate';
import { logger } from '../observability';
import type { BookWrite } from '../data/material-book';
import type { BookPort } from './container-book';

/** The facility's clearance notices, as the release reads them. */
export interface NoticeReader {
  get(tenant: Tenant, uuid: string): Promise<ClearanceNotice | undefined>;
  /** The notices in force at `at`. */
  inForce(tenant: Tenant, at: string): Promise<ClearanceNotice[]>;
}

/** A container's decision measurements, as the release reads them. */
export interface MeasurementReader {
  /** The newest (by MeasuredAt). */
  newest(tenant: Tenant, containerUuid: string): Promise<MeasurementRecord | undefined>;
  /** Every one, newest MeasuredAt first (the decay chart shows them all). */
  list(tenant: Tenant, containerUuid: string): Promise<MeasurementRecord[]>;
}

/**
 * What a release reads of its facility: the time zone its calendar rules count in (the 100 Mg of a calendar year)
 * and how far below the prediction a decision measurement may lie. Until facilities keep settings of their own (issue
 * 37) the service passes the defaults (DEFAULT_FACILITY_RULES).
 */
export interface FacilityRules {
  timeZone: string;
  discrepancyFactor: number;
}
export const DEFAULT_FACILITY_RULES: FacilityRules = {
  timeZone: DEFAULT_TIME_ZONE,
  discrepancyFactor: DEFAULT_DISCREPANCY_FACTOR,
};

/** What the release act needs besides the container store. */
export interface ReleaseParts {
  /** The records bucket (S3 Object Lock). */
  records: FileStorage;
  lockMode: LockMode;
  /** Where a release's way into the records bucket is marked (shared/data/archive-progress.ts). */
  progress: Pick<ArchiveProgressStore, 'begin' | 'done'>;
  /** Lays a record out as a PDF (shared/records/pdf.ts; loaded only when a record is made). */
  render: (content: ReleaseRecordContent, createdAt: Date) => Promise<Uint8Array>;
  notices: NoticeReader;
  measurements: MeasurementReader;
  register: ReleaseRegisterStore;
  /** A decision measurement older than this many days at the release no longer carries it. */
  maxAgeDays: number;
  facility: FacilityRules;
  /** The material book: where the container's material from the book went. */
  book?: BookPort;
  /** The facility's regime and time zone (its settings); without it, the defaults (German, Europe/Berlin). */
  settings?: (tenant: Tenant) => Promise<FacilitySettingsRead>;
  /** The container's decay-in-storage surveys (a regime whose release rests on one). */
  surveys?: SurveyReader;
}

/** A container's surveys, as the release reads them. */
export interface SurveyReader {
  newest(tenant: Tenant, containerUuid: string): Promise<SurveyRecord | undefined>;
}

/** A release made ready: the container as released, what is written beside it, what is audited and answered. */
export interface PreparedRelease {
  next: ContainerRecord;
  write: ReleaseWrite;
  /** The material book's line of where the container's material went (released), when it holds any. */
  book: BookWrite | undefined;
  /** Keeps the register line as a locked object; called once the transaction succeeded. */
  archive: () => Promise<void>;
  /** Audit lines beyond the changed fields: the Justification and the record. */
  audit: AuditChange[];
  model: ReleaseRecordModel;
  notes: NotificationSpec[];
}

/**
 * Which notice a release cites: one named, or the facility's single notice in force that permits the release; null
 * when the request names none (under a regime without notices; else 400).
 */
export type NoticeChoice = { uuid: string } | 'single' | null;

export interface ReleaseRequest {
  view: ContainerView;
  /** The container's data to release: the stored one, or an update's result that sets the release. */
  container: ContainerRecord;
  /** The state the release is made from (an update that also disposes releases from the stored state). */
  state: ContainerRecord['State'];
  /** Who releases: the caller (for the officer, the directory and the audit). */
  caller: Writer;
  /** The type the request names; null: the regime's first. */
  type: AnyReleaseType | null;
  notice: NoticeChoice;
  /** The plant a release for disposal goes to, by its name in the notice. */
  plant: string | null;
  justification: string | null;
  /** An officer's explanation of a decision measurement that disagrees with the prediction. */
  discrepancyCause: string | null;
  now: Date;
  /** The facility's regime and time zone when the caller read them already (else the act reads them). */
  settings?: FacilitySettingsRead;
}

/** What the act reads of a facility's settings. */
export type FacilitySettingsRead = Pick<FacilitySettings, 'regime' | 'TimeZone'>;

export function releaseAct(store: ContainerStore, parts: ReleaseParts) {
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

  const disposal = disposalAfterSurvey(store, parts);

  return async function prepare(request: ReleaseRequest): Promise<PreparedRelease> {
    const tenant = { client: request.container.Client, facility: request.container.Facility };
    checkReleasable(request.view.record, request.state);
    const settings =
      request.settings ??
      (parts.settings ? await parts.settings(tenant) : { regime: DEFAULT_REGIME, TimeZone: parts.facility.timeZone });
    const { regime } = settings;
    const type = request.type ?? (regime.releaseTypes[0] as AnyReleaseType);
    checkRegimeMembers(regime, type, {
      ClearanceNoticeUuid: request.notice !== null && request.notice !== 'single',
      DisposalPlant: request.plant !== null,
      DiscrepancyCause: request.discrepancyCause !== null,
    });
    if (regime.evidence === 'SURVEY') return disposal({ ...request, type }, settings.TimeZone);
    return underNotice({ ...request, type: type as ReleaseType }, settings.TimeZone);
  };
}
export type ReleaseAct = ReturnType<typeof releaseAct>;

/**
 * 409 `regime.not_applicable` for a release type another regime books, or a member of the release only another regime
 * knows (a clearance notice under 10 CFR 35.92, say), naming the facility's regime.
 */
export function checkRegimeMembers(regime: Regime, type: string, given: Record<string, boolean>): void {
  const refuse = (member: string) => {
    throw conflict('regime.not_applicable', { member, regime: regime.name, law: regime.law });
  };
  if (!regime.releaseTypes.includes(type)) refuse(`ReleaseType ${type}`);
  const foreign = Object.values(REGIMES)
    .flatMap((r) => r.releaseMembers)
    .filter((m) => !regime.releaseMembers.includes(m));
  for (const [member, present] of Object.entries(given)) if (present && foreign.includes(member)) refuse(member);
}

/**
 * Writes a prepared release with the container's own change in one transaction. A record file whose
 * transaction failed stays in the records bucket, locked and referenced by nothing: the log names it.
 */
export async function writeRelease(
  store: ContainerStore,
  previous: ContainerRecord,
  next: ContainerRecord,
  changes: AuditChange[],
  write: WriteContext,
  prepared: PreparedRelease,
  transition?: { kind: 'DISPATCH' | 'DISPOSE'; id: string },
): Promise<void> {
  try {
    await store.update(
      previous,
      next,
      [...changes, ...prepared.audit],
      write,
      transition,
      prepared.write,
      prepared.book,
    );
  } catch (error) {
    logger.warn('release not written: its record file stays in the records bucket, referenced by nothing', {
      fileKey: prepared.write.document.File?.Key,
      sha256: prepared.model.Sha256,
      conflict: error instanceof ConditionFailedError,
    });
    throw error;
  }
  try {
    await prepared.archive();
  } catch (error) {
    // Booked; the line's archive copy is missing until the archive check (or rebuildReleaseRegister) writes it (verify
    // names it meanwhile).
    logger.error('release booked, its register line not archived', {
      container: next.Uuid,
      releasedAt: prepared.write.line.ReleasedAt,
      error: error as Error,
    });
  }
}
