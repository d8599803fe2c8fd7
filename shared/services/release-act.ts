/**
 * The release act, for POST .../release and for an update that sets the release: it checks that the container may be
 * released, reads the facility's regime (unless the caller read it), refuses a type or a member only another regime
 * knows, and prepares the release the regime's way: under a clearance notice on a decision measurement
 * (release-notice.ts) or after a survey at background (release-disposal.ts); then writes what it prepared in the
 * caller's transaction (writeRelease). Its ports and the prepared release are declared here. Knows the ports only.
 */
import type { Writer } from './writes';
import type { ArchiveProgressStore } from '../data/archive-progress';
import type { AuditChange, ContainerStore, ReleaseWrite, WriteContext } from '../data/container-store';
import type { FileStorage, LockMode } from '../data/files';
import type { ReleaseRegisterStore } from '../data/releases';
import type { Tenant } from '../data/table';
import { ConditionFailedError } from '../data/transact';
import type { ClearanceNotice } from '../domain/clearance-notice';
import { DEFAULT_TIME_ZONE } from '../domain/calendar';
import type { ContainerRecord } from '../domain/container-fields';
import type { ContainerView } from '../domain/container-model';
import type { MeasurementRecord } from '../domain/measurement';
import type { ReleaseRecordContent } from '../domain/record-content';
import { DEFAULT_DISCREPANCY_FACTOR } from '../domain/release-assessment';
import { checkReleasable } from '../domain/release-gate';
import type { ReleaseRecordModel } from '../domain/release-record';
import type { AnyReleaseType, ReleaseType } from '../domain/release-types';
import { DEFAULT_REGIME, type Regime, REGIMES } from '../domain/regimes';
import type { SurveyRecord } from '../domain/regimes/us-nrc-10cfr35/survey';
import type { FacilityRules as FacilitySettings } from './facility-settings';
import { disposalAfterSurvey } from './release-disposal';
import { releaseUnderNotice } from './release-notice';
import { conflict } from '../errors';
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
 * What a release reads of its facility besides its settings: how far below the prediction a decision measurement may
 * lie, and the time zone its calendar rules count in (the 100 Mg of a calendar year) when no settings are read (the
 * facility's own come with its regime, `settings`). The functions pass the defaults (DEFAULT_FACILITY_RULES).
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
  const underNotice = releaseUnderNotice(store, parts);
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
