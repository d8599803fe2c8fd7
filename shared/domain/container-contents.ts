/** What a container holds: its contents (products and eluates with their nuclides and impurities) and their rules. */
import { AppError, badRequest, conflict } from '../errors';
import type { Detail } from '../i18n/translate';
import type { ContainerRecord } from './container-fields';
import { isReleased } from './container-states';
import type { Impurity, VectorContent } from './nuclide-vector';
import { EXPECTED_IMPURITIES } from './nuclides';
import { FUTURE_TOLERANCE_SECONDS, isInTheFuture } from './time';

export const CONTENT_KINDS = ['CYCLOTRON_PRODUCT', 'GENERATOR_ELUAT'] as const;

export type ContentKind = (typeof CONTENT_KINDS)[number];

/** At most this many contents a container (its load stays a few pages of one query). */
export const MAX_CONTENTS = 1000;

/**
 * What a container holds: a cyclotron product or a generator eluate, with its nuclide. Links written
 * by an import may lack the fields the contents API adds (uuid, activity, who and when).
 */
export interface ContentLink {
  kind: ContentKind;
  id: string;
  nuclide: string;
  uuid?: string | null;
  /** Bq at activityDateTime. */
  activity?: number | null;
  activityDateTime?: string | null;
  createdAt?: string | null;
  createdBy?: string | null;
  /** Activity fractions of impurities at activityDateTime; [] none (certified), null not entered. */
  impurities?: readonly Impurity[] | null;
  /** An officer's reason why a content of a nuclide with expected impurities has none ([]). */
  impuritiesJustification?: string | null;
  /** Drawn from the material book: the line of the movement that brought it (shared/services/container-book.ts). */
  bookLine?: string | null;
}

/** The response model of a content (ContainerContentModel). */
export interface ContentModel {
  Uuid: string | null;
  Kind: ContentKind;
  ContentId: string;
  Nuclide: string;
  Activity: number | null;
  ActivityDateTime: string | null;
  CreatedAt: string | null;
  CreatedBy: string | null;
  /** Each impurity's activity over the content's Activity at ActivityDateTime; [] none, null not entered. */
  Impurities: { Nuclide: string; Fraction: number }[] | null;
  /** Why Impurities is [] for a nuclide that brings some: an officer's statement (a spectrometry that found none). */
  ImpuritiesJustification: string | null;
  /** Drawn from the material book: the line that booked its movement into the container; null otherwise. */
  BookLineUuid: string | null;
}

/**
 * A content as a client adds it: what it is, its nuclide, and where known its activity and impurities. Drawn from the
 * material book (ContentId names an item), kind, nuclide and impurities are the item's and may be left out.
 */
export interface ContentInput {
  Kind?: ContentKind | undefined;
  ContentId: string;
  Nuclide?: string | undefined;
  Activity?: number | null | undefined;
  ActivityDateTime?: string | null | undefined;
  Impurities?: { Nuclide: string; Fraction: number }[] | null | undefined;
  ImpuritiesJustification?: string | null | undefined;
}

export const toContentModel = (link: ContentLink): ContentModel => ({
  Uuid: link.uuid ?? null,
  Kind: link.kind,
  ContentId: link.id,
  Nuclide: link.nuclide,
  Activity: link.activity ?? null,
  ActivityDateTime: link.activityDateTime ?? null,
  CreatedAt: link.createdAt ?? null,
  CreatedBy: link.createdBy ?? null,
  Impurities: link.impurities ? link.impurities.map((i) => ({ Nuclide: i.nuclide, Fraction: i.fraction })) : null,
  ImpuritiesJustification: link.impuritiesJustification ?? null,
  BookLineUuid: link.bookLine ?? null,
});

/** A content link from its model (as a link item stores it; one written by an import may lack the optional ones). */
export const toContentLink = (model: Partial<ContentModel>): ContentLink => ({
  kind: model.Kind!,
  id: model.ContentId!,
  nuclide: model.Nuclide!,
  uuid: model.Uuid ?? null,
  activity: model.Activity ?? null,
  activityDateTime: model.ActivityDateTime ?? null,
  createdAt: model.CreatedAt ?? null,
  createdBy: model.CreatedBy ?? null,
  impurities: model.Impurities ? model.Impurities.map((i) => ({ nuclide: i.Nuclide, fraction: i.Fraction })) : null,
  impuritiesJustification: model.ImpuritiesJustification ?? null,
  bookLine: model.BookLineUuid ?? null,
});

/** The impurities a content of `nuclide` is to be asked for (none for most). */
export const expectedImpuritiesOf = (nuclide: string): readonly string[] => EXPECTED_IMPURITIES[nuclide] ?? [];

/**
 * A content's statement of its impurities, as entered: [] for a nuclide that brings some is a statement only an
 * officer makes, with a reason (400 without it; 403 for another caller); a reason goes with [] only.
 */
export function checkImpuritiesStatement(
  content: Pick<ContentLink, 'nuclide' | 'impurities' | 'impuritiesJustification'>,
  roles: readonly string[],
): void {
  const justification = content.impuritiesJustification ?? null;
  const none = content.impurities !== null && content.impurities !== undefined && content.impurities.length === 0;
  const expected = expectedImpuritiesOf(content.nuclide);
  const field = 'ImpuritiesJustification';
  if (justification !== null && !none) throw badRequest([{ key: 'detail.only_with_no_impurities', params: { field } }]);
  if (none && expected.length && justification === null)
    throw badRequest([
      {
        key: 'detail.impurities_justification',
        params: { field, nuclide: content.nuclide, impurities: expected.join(', ') },
      },
    ]);
  if (justification !== null && !roles.includes('rpo'))
    throw new AppError(403, 'auth.role_required', {
      params: { role: 'rpo' },
      details: [{ key: 'detail.field', params: { field } }],
    });
}

/** A content whose nuclide brings long-lived impurities that were not entered (null): it blocks the release. */
export interface UnknownImpurities {
  ContentUuid: string | null;
  ContentId: string;
  Nuclide: string;
  ExpectedImpurities: string[];
}

/** The contents whose expected impurities were not entered (Impurities null), in the contents' order. */
export const unknownImpurities = (links: readonly ContentLink[]): UnknownImpurities[] =>
  links
    .filter((l) => expectedImpuritiesOf(l.nuclide).length && (l.impurities === null || l.impurities === undefined))
    .map((l) => ({
      ContentUuid: l.uuid ?? null,
      ContentId: l.id,
      Nuclide: l.nuclide,
      ExpectedImpurities: [...expectedImpuritiesOf(l.nuclide)],
    }));

/**
 * Contents change only while the container is OPEN, once per ContentId, up to MAX_CONTENTS; an
 * activity's time lies at most FUTURE_TOLERANCE_SECONDS ahead of the server's clock (400).
 */
export function checkContentAddable(
  record: ContainerRecord,
  links: readonly ContentLink[],
  content: Pick<ContentLink, 'id' | 'activityDateTime'>,
  now: Date,
): void {
  if (content.activityDateTime && isInTheFuture(content.activityDateTime, now))
    throw badRequest([futureDetail('ActivityDateTime')]);
  const contentId = content.id;
  checkContentsChangeable(record);
  if (links.some((l) => l.id === contentId)) throw conflict('container.content_duplicate', { contentId });
  if (links.length >= MAX_CONTENTS) throw conflict('container.contents_full', { max: MAX_CONTENTS });
}

export function checkContentsChangeable(record: ContainerRecord): void {
  if (isReleased(record))
    throw conflict('container.release_frozen', { at: record.ReleasedByRadiationProtectionOfficerDateTime ?? '' });
  if (record.State !== 'OPEN') throw conflict('container.contents_locked', { state: record.State });
}

/** A time too far ahead, named: 400's detail line. */
export const futureDetail = (field: string): Detail => ({
  key: 'detail.future',
  params: { field, minutes: FUTURE_TOLERANCE_SECONDS / 60 },
});

export const assessedContents = (links: readonly ContentLink[]): VectorContent[] =>
  links.map((l) => ({
    nuclide: l.nuclide,
    activity: l.activity ?? null,
    activityDateTime: l.activityDateTime ?? null,
    impurities: l.impurities ?? null,
  }));
