/**
 * Release use cases: the release act on a stored container (POST .../release), and the yearly register with its
 * summary. The act itself, with its ports, is shared/services/release-act.ts.
 */
import { createHash } from 'node:crypto';
import { type FileStorage, listAll } from '../data/file-storage';
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
import { calendarYear, DEFAULT_TIME_ZONE } from '../domain/calendar';
import {
  type AnyReleaseType,
  type BookedReleaseType,
  isDisposalRoute,
  LEGACY_DISPOSAL,
  RELEASE_TYPES,
} from '../domain/release-types';
import { DEFAULT_REGIME } from '../domain/regimes';
import type { FacilityRules } from './facility-settings';
import { badRequest } from '../errors';
import { formatTimestamp } from '../domain/time';
import type { NotificationSpec } from '../i18n/translate';
import { loadOrNotFound, writeContext } from './container-writes';
import { checkRegimeMembers, type FacilitySettingsRead, writeRelease, type ReleaseAct } from './release-act';
import type { Writer } from './writes';
import type { ContainerStore } from '../data/container-store';
import type { ContainerRecord } from '../domain/container-fields';
import { earlierAnswer, noteThenCommit } from '../replay';

/**
 * What a release asks for: its type, the notice it cites, for disposal the plant, the officer's note, and the
 * officer's explanation of a decision measurement that disagrees with the prediction.
 */
export interface ReleaseInput {
  /** Null: the regime's first type. */
  type: AnyReleaseType | null;
  /** Required under a regime of notices (400 without), refused under another (409). */
  noticeUuid: string | null;
  plant: string | null;
  justification: string | null;
  discrepancyCause: string | null;
}

/** 400 unless a release for disposal names its plant, and no other release names one. */
function checkPlantNamed(input: ReleaseInput): void {
  const field = 'DisposalPlant';
  // A type of no regime of notices takes no plant: its regime refused it already (409).
  if (input.type === null || !(RELEASE_TYPES as readonly string[]).includes(input.type)) return;
  if (isDisposalRoute(input.type) && input.plant === null)
    throw badRequest([{ key: 'detail.required_with', params: { field, other: `ReleaseType ${input.type}` } }]);
  if (!isDisposalRoute(input.type) && input.plant !== null)
    throw badRequest([{ key: 'detail.plant_for_disposal', params: { field } }]);
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
export function releaseService(
  store: ContainerStore,
  act: ReleaseAct,
  clock: () => Date = () => new Date(),
  /** The facility's regime and time zone (its settings); without it, the defaults (German, Europe/Berlin). */
  settings?: (tenant: Tenant) => Promise<FacilitySettingsRead>,
) {
  return {
    /** POST .../release: the release act on the stored container. */
    async release(
      tenant: Tenant,
      caller: Writer,
      uuid: string,
      input: ReleaseInput,
      requestId: string,
    ): Promise<ReleaseAnswer> {
      // The regime decides the default type, what the body may name and what it must.
      const rules = settings ? await settings(tenant) : { regime: DEFAULT_REGIME, TimeZone: DEFAULT_TIME_ZONE };
      const type = input.type ?? (rules.regime.releaseTypes[0] as AnyReleaseType);
      const given: Record<string, boolean> = {
        ClearanceNoticeUuid: input.noticeUuid !== null,
        DisposalPlant: input.plant !== null,
        DiscrepancyCause: input.discrepancyCause !== null,
      };
      checkRegimeMembers(rules.regime, type, given);
      const missing = rules.regime.requiredMembers.filter((member) => !given[member]);
      if (missing.length) throw badRequest(missing.map((field) => ({ key: 'detail.required', params: { field } })));
      checkPlantNamed({ ...input, type });
      // A retry of a release its first attempt booked, whose answer was lost: the answer that attempt noted before
      // its transaction (shared/replay.ts), not a second release (nor 409 already released). Its line's locked copy, if
      // that attempt stopped before keeping it, is the archive check's to complete.
      return optimistic(async () => {
        const view = await loadOrNotFound(store, tenant, uuid, true);
        const earlier = await earlierAnswer<ReleaseAnswer>((noted) => releasedAs(view.record, noted.model));
        if (earlier) return earlier;
        const now = clock();
        const prepared = await act({
          view,
          container: view.record,
          state: view.record.State,
          caller,
          type,
          notice: input.noticeUuid === null ? null : { uuid: input.noticeUuid },
          plant: input.plant,
          justification: input.justification,
          discrepancyCause: input.discrepancyCause,
          now,
          settings: rules,
        });
        const next = { ...prepared.next, Version: view.record.Version + 1, UpdatedAt: formatTimestamp(now) };
        const answer: ReleaseAnswer = { model: prepared.model, etag: etagOf(next), notes: prepared.notes };
        return noteThenCommit(answer, () =>
          writeRelease(
            store,
            view.record,
            next,
            fieldChanges(view.record, next),
            writeContext(caller, now, requestId),
            prepared,
          ),
        );
      });
    },
  };
}

/** At most this many locked objects are read at once while verifying. */
const VERIFY_READS = 16;

/**
 * The yearly register's use cases; who may read it is the routes' (roles rpo and reporter). `timeZone` is the
 * facility's: the yearly report counts its calendar year (the register itself is kept and listed by UTC year).
 */
export function registerService(
  register: ReleaseRegisterStore,
  options: {
    /** The time zone without `rules`. */
    timeZone: string;
    records?: FileStorage;
    /** The facility's regime and time zone (its settings). */
    rules?: (tenant: Tenant) => Promise<Pick<FacilityRules, 'regime' | 'TimeZone'>>;
  },
) {
  const { records } = options;
  const rulesOf = async (tenant: Tenant) =>
    options.rules ? await options.rules(tenant) : { regime: DEFAULT_REGIME, TimeZone: options.timeZone };
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

    /** The register's columns under the facility's regime (its CSV's). */
    async columns(tenant: Tenant): Promise<readonly (keyof RegisterLine)[]> {
      return (await rulesOf(tenant)).regime.registerMembers;
    },

    /** A year's register of the facility, oldest release first. */
    async register(tenant: Tenant, year: number): Promise<RegisterLine[]> {
      return register.list(tenant, year);
    },

    /**
     * The calendar year's mass (where the facility is) per type of release and, for the releases for disposal, per
     * plant (§ 86 Abs. 1 Nr. 2): every release has its mass (the gate sees to it). The register is kept by UTC year,
     * so the calendar year is read from the UTC years it spans.
     */
    async summary(tenant: Tenant, year: number): Promise<ReleaseRegisterSummary> {
      const { regime, TimeZone: timeZone } = await rulesOf(tenant);
      const span = calendarYear(year, timeZone);
      const years = [...new Set([Number(span.from.slice(0, 4)), Number(span.until.slice(0, 4))])].filter(
        (y) => y >= 1 && y <= 9999,
      );
      const fields = ['ReleaseType', 'Weight', 'ReleasedAt', 'DisposalPlant'] as const;
      const rows = (await Promise.all(years.map((y) => register.list(tenant, y, fields))))
        .flat()
        .filter((r) => r.ReleasedAt >= span.from && r.ReleasedAt < span.until);
      const totals = (chosen: typeof rows) => ({
        Releases: chosen.length,
        TotalWeight: chosen.reduce((sum, r) => sum + (r.Weight ?? 0), 0),
      });
      const types = [
        ...(regime.releaseTypes as BookedReleaseType[]),
        ...(rows.some((r) => r.ReleaseType === LEGACY_DISPOSAL) ? [LEGACY_DISPOSAL] : []),
      ];
      const plants = new Map<string, typeof rows>();
      for (const row of rows) {
        if (!row.DisposalPlant) continue;
        const key = JSON.stringify([row.ReleaseType, row.DisposalPlant.Name, row.DisposalPlant.Address]);
        plants.set(key, [...(plants.get(key) ?? []), row]);
      }
      return {
        Client: tenant.client,
        Facility: tenant.facility,
        Year: year,
        TimeZone: timeZone,
        From: span.from,
        Until: span.until,
        ...totals(rows),
        ReleaseTypes: types.map((type) => ({
          ReleaseType: type,
          ...totals(rows.filter((r) => r.ReleaseType === type)),
        })),
        DisposalPlants: [...plants.values()].map((chosen) => ({
          ReleaseType: chosen[0]!.ReleaseType,
          Name: chosen[0]!.DisposalPlant!.Name,
          Address: chosen[0]!.DisposalPlant!.Address,
          ...totals(chosen),
        })),
      };
    },
  };
}
