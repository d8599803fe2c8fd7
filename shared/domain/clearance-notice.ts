/**
 * The authority's clearance notice (Freigabebescheid, StrlSchV § 33 Abs. 2): the release rests on it, and the
 * officer's act is the determination that the notice's content is met (§ 42 Abs. 1). A facility keeps its notices;
 * a release cites one that is valid at the release, permits the release type and the container's waste form, and
 * for a release in the individual case (§ 37) sets the values. Pure: no AWS, no HTTP.
 */
import { conflictOver } from '../errors';
import type { Detail } from '../i18n/translate';
import { clearable, kept, presentModel, required, writable } from './fields';
import type { CreateOf, DataOf, FieldTable, ModelOf } from './fields';
import type { RecordTenant, StoredRecord } from './record';
import { recordKind } from './record-kind';
import { DISPOSAL_ROUTES, type DisposalRoute, type ReleaseType, type WasteForm } from './release-types';
import { canonicalJson } from './values';

/** A value the notice sets for the individual case (§ 37): per nuclide, Bq/g and Bq/cm² (null: none set). */
export interface NoticeLimit {
  Nuclide: string;
  SpecificActivity: number;
  SurfaceActivity: number | null;
}

/**
 * A plant a release for disposal goes to (§ 36 Abs. 1 Nr. 3 and 4): its route, its name and address, and the
 * operator's acceptance declaration (Annahmeerklärung, § 40 Abs. 2) in the archive. § 86 Abs. 1 Nr. 2 c asks the
 * yearly report for the actual whereabouts of what was released for disposal: the plant.
 */
export interface DisposalPlant {
  Route: DisposalRoute;
  Name: string;
  Address: string;
  /** The acceptance declaration: a document of the facility. */
  AcceptanceDocumentUuid: string;
}

/** The averaging mass of Anlage 8 Teil A Nr. 1 c: "darf 300 kg nicht wesentlich überschreiten", in kg. */
export const AVERAGING_MASS_KG = 300;

/** What a client writes of a notice. */
export interface ClearanceNoticeData {
  /** The authority's reference (Aktenzeichen). */
  FileNumber: string;
  Authority: string;
  /** The licence holder (Inhaber der Freigabe). */
  Holder: string;
  /** The address of the facility the notice is for. */
  Site: string;
  IssuedAt: string;
  ValidFrom: string;
  ValidUntil: string | null;
  ReleaseTypes: ReleaseType[];
  WasteForms: WasteForm[];
  Conditions: string | null;
  /** For INDIVIDUAL only. */
  Limits: NoticeLimit[];
  /** A larger (or smaller) averaging mass the authority allows than AVERAGING_MASS_KG, in kg; null: 300 kg. */
  MaxAveragingMassKg: number | null;
  /** The plants of the disposal routes the notice permits: at least one per route. */
  DisposalPlants: DisposalPlant[];
  /** The scanned notice in the archive. */
  DocumentUuid: string | null;
}

export interface ClearanceNotice extends ClearanceNoticeData, StoredRecord {}

/**
 * Once a release cites a notice, what the release rested on is kept: its types, forms, limits and dates, but for
 * closing it by `ValidUntil`.
 */
export const FROZEN_WHEN_CITED = [
  'ReleaseTypes',
  'WasteForms',
  'Limits',
  'IssuedAt',
  'ValidFrom',
  'MaxAveragingMassKg',
] as const satisfies readonly (keyof ClearanceNoticeData)[];

/** The averaging mass a release under `notice` may have, in g: the notice's, else 300 kg. */
export const averagingMassLimitG = (notice: Pick<ClearanceNotice, 'MaxAveragingMassKg'>): number =>
  (notice.MaxAveragingMassKg ?? AVERAGING_MASS_KG) * 1000;

/** The plant of `route` named `name` in the notice, if it names one. */
export const disposalPlantOf = (
  notice: Pick<ClearanceNotice, 'DisposalPlants'>,
  route: DisposalRoute,
  name: string,
): DisposalPlant | undefined => notice.DisposalPlants.find((p) => p.Route === route && p.Name === name);

/** Whether a notice is in force at `at` (a UTC timestamp): from ValidFrom, up to and including ValidUntil. */
export const inForce = (notice: Pick<ClearanceNotice, 'ValidFrom' | 'ValidUntil'>, at: string): boolean =>
  notice.ValidFrom <= at && (notice.ValidUntil === null || at <= notice.ValidUntil);

/**
 * Why a notice does not carry a release of `type` for `form` at `at`: nothing when it does. Each reason a detail
 * line of the 409.
 */
export function noticeMisfits(
  notice: ClearanceNotice,
  release: { type: ReleaseType; form: WasteForm | null; at: string },
): Detail[] {
  const misfits: Detail[] = [];
  if (!inForce(notice, release.at))
    misfits.push({
      key: 'detail.notice_not_in_force',
      params: { from: notice.ValidFrom, until: notice.ValidUntil ?? '–', at: release.at },
    });
  if (!notice.ReleaseTypes.includes(release.type))
    misfits.push({ key: 'detail.notice_type', params: { type: release.type, types: notice.ReleaseTypes.join(', ') } });
  if (release.form !== null && !notice.WasteForms.includes(release.form))
    misfits.push({ key: 'detail.notice_form', params: { form: release.form, forms: notice.WasteForms.join(', ') } });
  return misfits;
}

/** The notice's values for the individual case, by nuclide. */
export const noticeLimitsOf = (notice: Pick<ClearanceNotice, 'Limits'>): ReadonlyMap<string, NoticeLimit> =>
  new Map(notice.Limits.map((limit) => [limit.Nuclide, limit]));

/**
 * The notice as the API shows it, in its order: what a client writes and what the service keeps (no tenant: the
 * path names it). Limits default to none; ValidUntil, Conditions and DocumentUuid start null.
 */
export const CLEARANCE_NOTICE_TABLE = {
  Uuid: kept(),
  FileNumber: required<string>(),
  Authority: required<string>(),
  Holder: required<string>(),
  Site: required<string>(),
  IssuedAt: required<string>(),
  ValidFrom: required<string>(),
  ValidUntil: clearable<string>(),
  ReleaseTypes: required<ReleaseType[]>(),
  WasteForms: required<WasteForm[]>(),
  Conditions: clearable<string>(),
  Limits: writable<NoticeLimit[]>([]),
  MaxAveragingMassKg: clearable<number>(),
  DisposalPlants: writable<DisposalPlant[]>([]),
  DocumentUuid: clearable<string>(),
  CreatedAt: kept(),
  UpdatedAt: kept(),
} as const satisfies FieldTable;

const notices = recordKind(CLEARANCE_NOTICE_TABLE, noticeRuleBreaches, { unordered: true });
export const CLEARANCE_NOTICE_FIELDS = notices.fields;
export type ClearanceNoticeCreate = CreateOf<typeof CLEARANCE_NOTICE_TABLE>;
export type ClearanceNoticePatch = Partial<DataOf<typeof CLEARANCE_NOTICE_TABLE>>;
export type ClearanceNoticeModel = ModelOf<typeof CLEARANCE_NOTICE_TABLE>;

/** How often releases cited a notice, and when last: kept beside the notice, never in its model. */
export interface Citations {
  Citations: number;
  LastCitedAt: string | null;
}
/** A stored notice with what the releases wrote on it. */
export interface NoticeRecord extends ClearanceNotice, Citations {}

export const isCited = (notice: Citations): boolean => notice.Citations > 0;

/** The rules of a notice beyond its members' own (400, one detail per breach). */
export function noticeRuleBreaches(data: ClearanceNoticeData): Detail[] {
  const breaches: Detail[] = [];
  if (data.ValidUntil !== null && data.ValidUntil < data.ValidFrom)
    breaches.push({ key: 'detail.not_before', params: { field: 'ValidUntil', other: 'ValidFrom' } });
  const individual = data.ReleaseTypes.includes('INDIVIDUAL');
  if (data.Limits.length && !individual)
    breaches.push({ key: 'detail.limits_without_individual', params: { field: 'Limits' } });
  if (individual && !data.Limits.length) breaches.push({ key: 'detail.limits_required', params: { field: 'Limits' } });
  for (const route of DISPOSAL_ROUTES) {
    const permitted = data.ReleaseTypes.includes(route);
    const plants = data.DisposalPlants.filter((p) => p.Route === route);
    if (permitted && !plants.length)
      breaches.push({ key: 'detail.plant_required', params: { field: 'DisposalPlants', route } });
    if (!permitted && plants.length)
      breaches.push({ key: 'detail.plant_without_route', params: { field: 'DisposalPlants', route } });
  }
  return breaches;
}

/** A member's value where order does not count: the sets of types and forms, the limits (one per nuclide). */
const canonical = (value: unknown): string => canonicalJson(value, true);

/** The members FROZEN_WHEN_CITED that `next` changes (an array in another order is no change). */
export const frozenChanges = (current: ClearanceNoticeData, next: ClearanceNoticeData): string[] =>
  FROZEN_WHEN_CITED.filter((field) => canonical(current[field]) !== canonical(next[field]));

/** A cited notice's plants may be added to, never changed or removed: a release named them. */
const plantsKept = (current: ClearanceNoticeData, next: ClearanceNoticeData): boolean =>
  current.DisposalPlants.every((p) => next.DisposalPlants.some((n) => canonical(n) === canonical(p)));

/** ValidUntil only closes a cited notice: set or lowered, never cleared or raised, never before its last citation. */
function closesOnly(current: NoticeRecord, next: ClearanceNoticeData): boolean {
  if (next.ValidUntil === current.ValidUntil) return true;
  if (next.ValidUntil === null) return false;
  if (current.ValidUntil !== null && next.ValidUntil > current.ValidUntil) return false;
  return current.LastCitedAt === null || next.ValidUntil >= current.LastCitedAt;
}

/** 409 `clearance_notice.cited` when a change of a cited notice touches what its releases rest on. */
export function checkCitedChange(current: NoticeRecord, next: ClearanceNoticeData): void {
  if (!isCited(current)) return;
  const details: Detail[] = frozenChanges(current, next).map((field) => ({
    key: 'detail.frozen_when_cited',
    params: { field },
  }));
  if (!plantsKept(current, next))
    details.push({ key: 'detail.frozen_when_cited', params: { field: 'DisposalPlants' } });
  if (!closesOnly(current, next))
    details.push({
      key: 'detail.valid_until_cited',
      params: { field: 'ValidUntil', at: current.LastCitedAt ?? current.ValidFrom },
    });
  if (details.length) throw conflictOver('clearance_notice.cited', details);
}

/**
 * What the write of a change must still find true, so that a citation landing between its read and its write cannot
 * be bypassed: no citation at all when it changes what a citation freezes (or reopens the notice), and no citation
 * after the ValidUntil it sets.
 */
export interface NoticeWriteGuard {
  uncited: boolean;
  notCitedAfter: string | null;
}
export function noticeWriteGuard(current: ClearanceNoticeData, next: ClearanceNoticeData): NoticeWriteGuard {
  const reopens =
    next.ValidUntil !== current.ValidUntil &&
    (next.ValidUntil === null || (current.ValidUntil !== null && next.ValidUntil > current.ValidUntil));
  return {
    uncited: frozenChanges(current, next).length > 0 || reopens || !plantsKept(current, next),
    notCitedAfter: next.ValidUntil !== current.ValidUntil ? next.ValidUntil : null,
  };
}

/** A new notice from a validated create body (400 on a broken rule). */
export const createNotice = (tenant: RecordTenant, uuid: string, body: ClearanceNoticeCreate, now: Date) =>
  notices.create(tenant, uuid, body, now);

/**
 * A partial update: present members set, absent ones kept, null clears a nullable one. 400 on a broken rule, 409
 * when a cited notice would change what its releases rest on. Answers whether anything changed.
 */
export const updateNotice = (current: NoticeRecord, patch: ClearanceNoticePatch, now: Date) =>
  notices.update(current, patch, now, checkCitedChange);

/** The listing order: newest ValidFrom first, then the newest record. */
export const noticeOrder = (a: ClearanceNotice, b: ClearanceNotice): number =>
  `${b.ValidFrom}#${b.CreatedAt}#${b.Uuid}`.localeCompare(`${a.ValidFrom}#${a.CreatedAt}#${a.Uuid}`);

/** ClearanceNoticeModel: exactly its members, in order. */
export const toNoticeModel = (notice: ClearanceNotice): ClearanceNoticeModel =>
  presentModel(CLEARANCE_NOTICE_TABLE, notice, {});
