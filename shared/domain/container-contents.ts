/** What a container holds: its contents (products and eluates with their nuclides and impurities) and their rules. */
import { badRequest, conflict } from '../errors';
import type { Detail } from '../i18n/translate';
import type { ContainerRecord } from './container-fields';
import { isReleased } from './container-states';
import type { Impurity, VectorContent } from './nuclide-vector';
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
  bookLine: model.BookLineUuid ?? null,
});

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
