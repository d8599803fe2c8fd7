/**
 * The authority's clearance notice (Freigabebescheid, StrlSchV § 33 Abs. 2): the release rests on it, and the
 * officer's act is the determination that the notice's content is met (§ 42 Abs. 1). A facility keeps its notices;
 * a release cites one that is valid at the release, permits the release type and the container's waste form, and
 * for a release in the individual case (§ 37) sets the values. Pure: no AWS, no HTTP.
 */
import type { Detail } from '../i18n/translate';
import type { StoredRecord } from './record';
import type { ReleaseType, WasteForm } from './release-types';

/** A value the notice sets for the individual case (§ 37): per nuclide, Bq/g and Bq/cm² (null: none set). */
export interface NoticeLimit {
  Nuclide: string;
  SpecificActivity: number;
  SurfaceActivity: number | null;
}

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
] as const satisfies readonly (keyof ClearanceNoticeData)[];

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
