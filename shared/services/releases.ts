/**
 * Release use cases: the release act (the gate at this moment, the record rendered and archived under
 * S3 Object Lock, the container, its audit, the record document and the register line written in one
 * transaction), the yearly register and its summary. Knows the ports only: the container store, the
 * register, the records' file storage and a renderer.
 */
import { createHash } from 'node:crypto';
import type { Caller } from '../auth/claims';
import type { AuditChange, ContainerStore, ReleaseWrite, WriteContext } from '../data/containers';
import type { FileStorage, LockMode } from '../data/files';
import type { ReleaseRegisterStore } from '../data/releases';
import type { Tenant } from '../data/table';
import { optimistic, ConditionFailedError } from '../data/transact';
import {
  assessContainer,
  etagOf,
  fieldChanges,
  clearanceReason,
  toContentModel,
  type ContainerRecord,
  type ContainerView,
} from '../domain/container';
import { FILENAME_FORBIDDEN, releaseRecordDocument } from '../domain/document';
import { timeOrderedUuid } from '../domain/ids';
import {
  checkRelease,
  keptUntil,
  RELEASE_TYPES,
  registerRowOf,
  releasedContainer,
  releaseRecordContent,
  type ReleaseFacts,
  type ReleaseRecordContent,
  type ReleaseRecordModel,
  type ReleaseRegisterRow,
  type ReleaseType,
} from '../domain/release-record';
import { formatTimestamp } from '../domain/time';
import { notFound } from '../errors';
import type { NotificationSpec } from '../i18n/translate';
import { logger } from '../observability';

/** Who releases: the caller (for the officer, the directory and the audit). */
export type Releaser = Pick<Caller, 'sub' | 'name' | 'roles'>;

/** What the release act needs besides the container store. */
export interface ReleaseParts {
  /** The records bucket (S3 Object Lock). */
  records: FileStorage;
  lockMode: LockMode;
  /** Lays a record out as a PDF (shared/records/pdf.ts; loaded only when a record is made). */
  render: (content: ReleaseRecordContent, createdAt: Date) => Promise<Uint8Array>;
}

/** A release made ready: the container as released, what is written beside it, what is audited and answered. */
export interface PreparedRelease {
  next: ContainerRecord;
  write: ReleaseWrite;
  /** Audit lines beyond the changed fields: the Justification and the record. */
  audit: AuditChange[];
  model: ReleaseRecordModel;
  notes: NotificationSpec[];
}

export interface ReleaseRequest {
  view: ContainerView;
  /** The container's data to release: the stored one, or an update's result that sets the release. */
  container: ContainerRecord;
  /** The state the release is made from (an update that also disposes releases from the stored state). */
  state: ContainerRecord['State'];
  caller: Releaser;
  justification: string | null;
  now: Date;
}

/** A file name for the record: the container's name made safe for a file name, and the day. */
function recordFilename(name: string, now: Date): string {
  const safe =
    [...name.replaceAll(new RegExp(FILENAME_FORBIDDEN, 'g'), '-')].slice(0, 80).join('').trim() || 'Behälter';
  return `Freigabeprotokoll ${safe} ${formatTimestamp(now).slice(0, 10)}.pdf`;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * The release act, for POST .../release and for an update that sets the release: the gate, the record
 * (rendered, hashed and stored under Object Lock before anything is written to the table), and what the
 * caller's transaction writes.
 */
export function releaseAct(store: ContainerStore, parts: ReleaseParts) {
  return async function prepare(request: ReleaseRequest): Promise<PreparedRelease> {
    const { view, container, caller, justification, now } = request;
    const assessment = assessContainer(container, view.links, now);
    checkRelease(view.record, request.state, assessment, justification);
    const next = releasedContainer(container, caller.sub, now);
    const people = [caller.sub, next.MeasuredBy, next.MeasurementContaminationBy].filter((p): p is string => !!p);
    const names = await store.names(next.Client, people, { consistent: true });
    const nameOf = (id: string | null) => (id === null ? null : (names.get(id) ?? null));
    const recordDocumentUuid = timeOrderedUuid(now);
    const facts: ReleaseFacts = {
      container: next,
      contents: view.links.map(toContentModel),
      assessment,
      justification,
      recordDocumentUuid,
      officerName: caller.name ?? nameOf(caller.sub),
      measuredByName: nameOf(next.MeasuredBy),
      contaminationByName: nameOf(next.MeasurementContaminationBy),
    };
    const bytes = await parts.render(releaseRecordContent(facts), now);
    const hash = sha256(bytes);
    const until = keptUntil(now);
    const at = Math.floor(now.getTime() / 1000);
    const document = releaseRecordDocument(
      next,
      recordDocumentUuid,
      recordFilename(next.Name, now),
      { Size: bytes.byteLength, ContentType: 'application/pdf', CreatedAt: at, ModifiedAt: at },
      until,
      now,
    );
    await parts.records.keep(document.File!.Key, bytes, 'application/pdf', {
      mode: parts.lockMode,
      until,
      sha256: hash,
    });
    const row = registerRowOf(facts);
    const notes: NotificationSpec[] = [];
    if (assessment.ClearanceReached !== true)
      notes.push({ key: 'release.clearance_not_reached', params: { reason: clearanceReason(assessment) } });
    if (assessment.SharesAssumed) notes.push({ key: 'release.shares_assumed' });
    return {
      next,
      write: { document, row },
      audit: [
        ...(justification === null ? [] : [{ field: 'Justification', old: null, new: justification }]),
        {
          field: 'ReleaseRecord',
          old: null,
          new: {
            RecordDocumentUuid: recordDocumentUuid,
            Sha256: hash,
            SumOfRatios: assessment.SumOfRatios,
            ClearanceReached: assessment.ClearanceReached,
          },
        },
      ],
      model: {
        ContainerUuid: next.Uuid,
        RecordDocumentUuid: recordDocumentUuid,
        ReleasedAt: row.ReleasedAt,
        ReleasedBy: row.ReleasedBy,
        ReleasedByName: row.ReleasedByName,
        Justification: justification,
        Assessment: { ContainerUuid: next.Uuid, ...assessment },
        Sha256: hash,
      },
      notes,
    };
  };
}
export type ReleaseAct = ReturnType<typeof releaseAct>;

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
    await store.update(previous, next, [...changes, ...prepared.audit], write, transition, prepared.write);
  } catch (error) {
    logger.warn('release not written: its record file stays in the records bucket, referenced by nothing', {
      fileKey: prepared.write.document.File?.Key,
      sha256: prepared.model.Sha256,
      conflict: error instanceof ConditionFailedError,
    });
    throw error;
  }
}

/** The year's figures of the yearly report (§ 86 Abs. 1 Nr. 2): the mass per type of release. */
export interface ReleaseRegisterSummary {
  Client: string;
  Facility: string;
  Year: number;
  Releases: number;
  /** g */
  TotalWeight: number;
  ReleaseTypes: { ReleaseType: ReleaseType; Releases: number; TotalWeight: number }[];
}

/** The release act's use case; who may release is the route's (role rpo, shared/routes/releases.ts). */
export function releaseService(store: ContainerStore, act: ReleaseAct, clock: () => Date = () => new Date()) {
  return {
    /** POST .../release: the release act on the stored container. */
    async release(
      tenant: Tenant,
      caller: Releaser,
      uuid: string,
      justification: string | null,
      requestId: string,
    ): Promise<{ model: ReleaseRecordModel; etag: string; notes: NotificationSpec[] }> {
      return optimistic(async () => {
        const view = await store.load(tenant, uuid, { consistent: true });
        if (!view) throw notFound('container.not_found');
        const now = clock();
        const prepared = await act({
          view,
          container: view.record,
          state: view.record.State,
          caller,
          justification,
          now,
        });
        const next = { ...prepared.next, Version: view.record.Version + 1, UpdatedAt: formatTimestamp(now) };
        await writeRelease(
          store,
          view.record,
          next,
          fieldChanges(view.record, next),
          {
            actor: { sub: caller.sub, name: caller.name },
            at: formatTimestamp(now),
            requestId,
          },
          prepared,
        );
        return { model: prepared.model, etag: etagOf(next), notes: prepared.notes };
      });
    },
  };
}

/** The yearly register's use cases; who may read it is the routes' (roles rpo and reporter). */
export function registerService(register: ReleaseRegisterStore) {
  return {
    /** A year's register of the facility, oldest release first. */
    async register(tenant: Tenant, year: number): Promise<ReleaseRegisterRow[]> {
      return register.list(tenant, year);
    },

    /** The year's total mass per type of release. */
    async summary(tenant: Tenant, year: number): Promise<ReleaseRegisterSummary> {
      const rows = await register.list(tenant, year, ['ReleaseType', 'Weight']);
      const of = (type?: ReleaseType) => {
        const chosen = rows.filter((r) => type === undefined || r.ReleaseType === type);
        return { Releases: chosen.length, TotalWeight: chosen.reduce((sum, r) => sum + (r.Weight ?? 0), 0) };
      };
      return {
        Client: tenant.client,
        Facility: tenant.facility,
        Year: year,
        ...of(),
        ReleaseTypes: RELEASE_TYPES.map((type) => ({ ReleaseType: type, ...of(type) })),
      };
    },
  };
}
