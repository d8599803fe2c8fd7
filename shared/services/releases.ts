/**
 * Release use cases: the release act on a stored container (POST .../release), and the yearly register with its
 * summary. The act itself, with its ports, is shared/services/release-act.ts.
 */
import { createHash } from 'node:crypto';
import { type FileStorage, listAll } from '../data/files';
import type { ReleaseRegisterStore } from '../data/releases';
import { fileKey } from '../domain/document';
import {
  lineOfObject,
  registerLinePrefix,
  verifyChain,
  type ChainVerification,
  type LineObject,
} from '../domain/register-chain';
import type { Tenant } from '../data/table';
import { optimistic } from '../data/transact';
import { fieldChanges } from '../domain/container-audit';
import { etagOf } from '../domain/record';
import type { ReleaseRecordModel } from '../domain/release-record';
import type { RegisterLine, ReleaseRegisterSummary } from '../domain/release-register';
import { RELEASE_TYPES, type ReleaseType } from '../domain/release-types';
import { formatTimestamp } from '../domain/time';
import type { NotificationSpec } from '../i18n/translate';
import { loadOrNotFound, writeContext } from './container-writes';
import { writeRelease, type ReleaseAct } from './release-act';
import type { Writer } from './writes';
import type { ContainerStore } from '../data/container-store';
import type { ContainerRecord } from '../domain/container-fields';
import { notedAnswer, noteAnswer } from '../replay';

/** What a release asks for: its type, the notice it cites, and the officer's note. */
export interface ReleaseInput {
  type: ReleaseType;
  noticeUuid: string;
  justification: string | null;
}

/** What a release answers. */
export interface ReleaseAnswer {
  model: ReleaseRecordModel;
  etag: string;
  notes: NotificationSpec[];
}

/** The container was released by the release `model` answers (a container is released once). */
const releasedAs = (container: ContainerRecord, model: ReleaseRecordModel) =>
  container.IsReleasedByRadiationProtectionOfficer === true &&
  container.ReleasedByRadiationProtectionOfficerDateTime === model.ReleasedAt &&
  container.ReleasedByRadiationProtectionOfficer === model.ReleasedBy;

/** The release act's use case; who may release is the route's (role rpo, shared/routes/releases.ts). */
export function releaseService(store: ContainerStore, act: ReleaseAct, clock: () => Date = () => new Date()) {
  return {
    /** POST .../release: the release act on the stored container. */
    async release(
      tenant: Tenant,
      caller: Writer,
      uuid: string,
      input: ReleaseInput,
      requestId: string,
    ): Promise<ReleaseAnswer> {
      // A retry of a release its first attempt booked, whose answer was lost: the answer that attempt noted before
      // its transaction (shared/replay.ts), not a second release (nor 409 already released). Its line's locked copy, if
      // that attempt stopped before keeping it, is the archive check's to complete.
      const noted = notedAnswer<ReleaseAnswer>();
      return optimistic(async () => {
        const view = await loadOrNotFound(store, tenant, uuid, true);
        if (noted && releasedAs(view.record, noted.model)) return noted;
        const now = clock();
        const prepared = await act({
          view,
          container: view.record,
          state: view.record.State,
          caller,
          type: input.type,
          notice: { uuid: input.noticeUuid },
          justification: input.justification,
          now,
        });
        const next = { ...prepared.next, Version: view.record.Version + 1, UpdatedAt: formatTimestamp(now) };
        const answer: ReleaseAnswer = { model: prepared.model, etag: etagOf(next), notes: prepared.notes };
        await noteAnswer(answer);
        await writeRelease(
          store,
          view.record,
          next,
          fieldChanges(view.record, next),
          writeContext(caller, now, requestId),
          prepared,
        );
        return answer;
      });
    },
  };
}

/** At most this many locked objects are read at once while verifying. */
const VERIFY_READS = 16;

/** The yearly register's use cases; who may read it is the routes' (roles rpo and reporter). */
export function registerService(register: ReleaseRegisterStore, records?: FileStorage) {
  /**
   * A locked line object and the hash of the PDF it names (undefined when the PDF is not there); undefined when the
   * object is not a line of its key (unreadable, or another's): its line then counts as without its object.
   */
  async function lineObject(tenant: Tenant, key: string): Promise<LineObject | undefined> {
    const read = lineOfObject(tenant, key, new TextDecoder().decode(await records!.read(key)));
    if (!('line' in read)) return undefined;
    const pdf = await records!.read(
      fileKey({ Client: tenant.client, Facility: tenant.facility, Uuid: read.line.RecordDocumentUuid }),
    );
    return { line: read.line, recordSha256: pdf && createHash('sha256').update(pdf).digest('hex') };
  }

  return {
    /**
     * The year's chain checked (GET .../release-register/verify): each line's hash recomputed, each link followed
     * from the facility's last line before the year, each line against its locked object, each object's PDF hash.
     */
    async verify(tenant: Tenant, year: number): Promise<ChainVerification> {
      if (!records) throw new Error('registerService.verify needs the records bucket');
      const [lines, before, keys] = await Promise.all([
        register.list(tenant, year),
        register.before(tenant, year),
        listAll(records, registerLinePrefix(tenant, year)),
      ]);
      const objects: LineObject[] = [];
      for (let i = 0; i < keys.length; i += VERIFY_READS)
        for (const object of await Promise.all(keys.slice(i, i + VERIFY_READS).map((key) => lineObject(tenant, key))))
          if (object) objects.push(object);
      return verifyChain(lines, before, objects);
    },

    /** A year's register of the facility, oldest release first. */
    async register(tenant: Tenant, year: number): Promise<RegisterLine[]> {
      return register.list(tenant, year);
    },

    /** The year's total mass per type of release: every release has its mass (the gate sees to it). */
    async summary(tenant: Tenant, year: number): Promise<ReleaseRegisterSummary> {
      const rows = await register.list(tenant, year, ['ReleaseType', 'Weight']);
      const of = (type?: ReleaseType) => {
        const chosen = rows.filter((r) => type === undefined || r.ReleaseType === type);
        return { Releases: chosen.length, TotalWeight: chosen.reduce((sum, r) => sum + r.Weight, 0) };
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
