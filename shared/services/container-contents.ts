/**
 * A container's contents: listed, added to an OPEN container (audited, the ETag moves), removed. A content whose
 * ContentId names an item of the material book is a movement of it into the container, booked in the same
 * transaction (shared/services/container-book.ts); one that names none is kept as entered, with a Warning.
 */
import {
  checkContentAddable,
  checkContentsChangeable,
  checkImpuritiesStatement,
  expectedImpuritiesOf,
  futureDetail,
  toContentModel,
  type ContentInput,
  type ContentLink,
  type ContentModel,
} from '../domain/container-contents';
import { toMovementModel, type MovementModel } from '../domain/material-model';
import { etagOf, newVersion } from '../domain/record';
import { formatTimestamp, isInTheFuture } from '../domain/time';
import { AppError, badRequest, notFound } from '../errors';
import type { NotificationSpec } from '../i18n/translate';
import { optimistic } from '../data/transact';
import type { ContainerStore } from '../data/container-store';
import type { Tenant } from '../data/table';
import { type BookPort, correctDraw, drawFromBook } from './container-book';
import { earlierAnswer, mintUuid, noteThenCommit } from '../replay';
import { loadOrNotFound, writeContext } from './container-writes';
import type { Writer } from './writes';

export interface ContentAdded {
  content: ContentModel;
  etag: string;
  notes: NotificationSpec[];
  /** Drawn from the material book: the movement it booked. */
  movement?: MovementModel;
}

/** Impurities not entered for a nuclide that brings some: the assessment cannot count them, the release waits. */
const impurityNotes = (content: ContentLink): NotificationSpec[] => {
  const expected = expectedImpuritiesOf(content.nuclide);
  return expected.length && content.impurities === null
    ? [{ key: 'content.impurities_expected', params: { nuclide: content.nuclide, impurities: expected.join(', ') } }]
    : [];
};

export function containerContents(store: ContainerStore, clock: () => Date, book?: BookPort) {
  const mustLoad = (tenant: Tenant, uuid: string, consistent: boolean) =>
    loadOrNotFound(store, tenant, uuid, consistent);

  /**
   * A content as entered (its ContentId names no item of the book), its identifier `uuid`. Impurities [] for a nuclide
   * that brings some is an officer's statement with its reason (ImpuritiesJustification).
   */
  const enteredLink = (input: ContentInput, caller: Writer, now: Date, uuid: string): ContentLink => {
    const missing = (['Kind', 'Nuclide'] as const).filter((field) => input[field] === undefined);
    if (missing.length) throw badRequest(missing.map((field) => ({ key: 'detail.required', params: { field } })));
    const link: ContentLink = {
      kind: input.Kind!,
      id: input.ContentId,
      nuclide: input.Nuclide!,
      uuid,
      activity: input.Activity ?? null,
      activityDateTime: input.ActivityDateTime ?? null,
      createdAt: formatTimestamp(now),
      createdBy: caller.sub,
      impurities: input.Impurities?.map((i) => ({ nuclide: i.Nuclide, fraction: i.Fraction })) ?? null,
      impuritiesJustification: input.ImpuritiesJustification ?? null,
    };
    checkImpuritiesStatement(link, caller.roles);
    return link;
  };

  /**
   * Adds a content to an OPEN container: audited, and the container's ETag moves. `fromBook`: the ContentId must
   * name an item of the book (a movement into the container: 404 `material.not_found` otherwise).
   */
  async function addContent(
    tenant: Tenant,
    caller: Writer,
    uuid: string,
    input: ContentInput,
    requestId: string,
    fromBook = false,
  ): Promise<ContentAdded> {
    const activity = input.Activity ?? null;
    const activityDateTime = input.ActivityDateTime ?? null;
    if (activity !== null && activityDateTime === null && !fromBook)
      throw badRequest([{ key: 'detail.required_with', params: { field: 'ActivityDateTime', other: 'Activity' } }]);
    if (activityDateTime && isInTheFuture(activityDateTime, clock()))
      throw badRequest([futureDetail('ActivityDateTime')]);
    return optimistic(async () => {
      const [view, item] = await Promise.all([
        mustLoad(tenant, uuid, true),
        book?.material.get(tenant, input.ContentId, { consistent: true }),
      ]);
      if (fromBook && !item) throw notFound('material.not_found');
      const now = clock();
      const at = formatTimestamp(now);
      const next = newVersion(view.record, now);
      const write = writeContext(caller, now, requestId);
      // A retry whose first attempt added this content answers it, not 409 (shared/replay.ts): an entered content is
      // the one with the identifier this request mints; one drawn from the book the one whose answer it noted.
      const contentUuid = mintUuid();
      const booked = Boolean(item && book);
      const earlier = await earlierAnswer<ContentAdded>(
        (noted) => booked && view.links.some((link) => link.uuid === noted.content.Uuid),
      );
      if (earlier) return earlier;
      const added = booked ? undefined : view.links.find((link) => link.uuid === contentUuid);
      if (added) return { content: toContentModel(added), etag: etagOf(view.record), notes: impurityNotes(added) };
      if (!item || !book) {
        const content = enteredLink(input, caller, now, contentUuid);
        checkContentAddable(view.record, view.links, content, now);
        await store.addContent(view.record, next, content, write);
        const notInBook: NotificationSpec[] = book
          ? [{ key: 'content.not_in_book', params: { contentId: content.id } }]
          : [];
        return {
          content: toContentModel(content),
          etag: etagOf(next),
          notes: [...notInBook, ...impurityNotes(content)],
        };
      }
      checkContentAddable(view.record, view.links, { id: item.Uuid, activityDateTime }, now);
      const drawn = await drawFromBook(book, tenant, caller, item, { uuid, links: view.links }, input, {
        at,
        moment: at,
      });
      const names = new Map(caller.name ? [[caller.sub, caller.name]] : []);
      const answer: ContentAdded = {
        content: toContentModel(drawn.link),
        etag: etagOf(next),
        notes: impurityNotes(drawn.link),
        movement: toMovementModel(drawn.next, drawn.movement, names),
      };
      // The movement's answer cannot be read back once booked (the item moved on): noted before the transaction.
      await noteThenCommit(answer, () => store.addContent(view.record, next, drawn.link, write, drawn.extras));
      await book.archive.keep(tenant, drawn.extras.book ? [drawn.extras.book.line] : []);
      return answer;
    });
  }

  return {
    /** The contents of a container, in the order they are stored (by kind, then content id). */
    async contents(tenant: Tenant, uuid: string): Promise<{ items: ContentModel[]; total: number }> {
      const view = await mustLoad(tenant, uuid, false);
      return { items: view.links.map(toContentModel), total: view.links.length };
    },

    addContent,

    /**
     * A TO_CONTAINER movement of an item of the book (POST material/{uuid}/movement): the content of the container it
     * names, drawn from the item. A container the facility does not hold is 400 naming ContainerUuid.
     */
    async moveIntoContainer(
      tenant: Tenant,
      caller: Writer,
      itemUuid: string,
      input: { ContainerUuid: string; ActivityBq: number; MovedAt: string },
      requestId: string,
    ): Promise<MovementModel> {
      try {
        const added = await addContent(
          tenant,
          caller,
          input.ContainerUuid,
          { ContentId: itemUuid, Activity: input.ActivityBq, ActivityDateTime: input.MovedAt },
          requestId,
          true,
        );
        return added.movement!;
      } catch (error) {
        if (error instanceof AppError && error.notification.key === 'container.not_found')
          throw badRequest([
            { key: 'detail.container_not_found', params: { field: 'ContainerUuid', uuid: input.ContainerUuid } },
          ]);
        throw error;
      }
    },

    /** Removes a content of an OPEN container; one drawn from the book goes back to store (a correcting line). */
    async removeContent(
      tenant: Tenant,
      caller: Writer,
      uuid: string,
      contentUuid: string,
      requestId: string,
    ): Promise<{ content: ContentModel; etag: string }> {
      return optimistic(async () => {
        const view = await mustLoad(tenant, uuid, true);
        const content = view.links.find((l) => l.uuid === contentUuid);
        if (!content) throw notFound('container.content_not_found');
        checkContentsChangeable(view.record);
        const now = clock();
        const next = newVersion(view.record, now);
        const item =
          content.bookLine && book ? await book.material.get(tenant, content.id, { consistent: true }) : undefined;
        const extras =
          item && book
            ? await correctDraw(
                book,
                tenant,
                caller,
                item,
                content,
                { name: view.record.Name, links: view.links },
                formatTimestamp(now),
              )
            : undefined;
        await store.removeContent(view.record, next, content, writeContext(caller, now, requestId), extras);
        if (extras?.book && book) await book.archive.keep(tenant, [extras.book.line]);
        return { content: toContentModel(content), etag: etagOf(next) };
      });
    },
  };
}
