/** A container's contents: listed, added to an OPEN container (audited, the ETag moves), removed. */
import {
  checkContentAddable,
  checkContentsChangeable,
  toContentModel,
  type ContentInput,
  type ContentLink,
  type ContentModel,
} from '../domain/container-contents';
import { etagOf, newVersion } from '../domain/record';
import { EXPECTED_IMPURITIES } from '../domain/nuclides';
import { formatTimestamp } from '../domain/time';
import { badRequest, notFound } from '../errors';
import type { NotificationSpec } from '../i18n/translate';
import { optimistic } from '../data/transact';
import type { ContainerStore } from '../data/container-store';
import type { Tenant } from '../data/table';
import { mintUuid } from '../replay';
import { loadOrNotFound, writeContext } from './container-writes';
import type { Writer } from './writes';

/** Impurities not entered for a nuclide that brings some: the assessment cannot count them. */
function impurityNotes(content: ContentLink): NotificationSpec[] {
  const expected = EXPECTED_IMPURITIES[content.nuclide];
  return expected && content.impurities === null
    ? [{ key: 'content.impurities_expected', params: { nuclide: content.nuclide, impurities: expected.join(', ') } }]
    : [];
}

export function containerContents(store: ContainerStore, clock: () => Date) {
  const mustLoad = (tenant: Tenant, uuid: string, consistent: boolean) =>
    loadOrNotFound(store, tenant, uuid, consistent);
  return {
    /** The contents of a container, in the order they are stored (by kind, then content id). */
    async contents(tenant: Tenant, uuid: string): Promise<{ items: ContentModel[]; total: number }> {
      const view = await mustLoad(tenant, uuid, false);
      return { items: view.links.map(toContentModel), total: view.links.length };
    },

    /** Adds a content to an OPEN container: audited, and the container's ETag moves. */
    async addContent(
      tenant: Tenant,
      caller: Writer,
      uuid: string,
      input: ContentInput,
      requestId: string,
    ): Promise<{ content: ContentModel; etag: string; notes: NotificationSpec[] }> {
      const activity = input.Activity ?? null;
      const activityDateTime = input.ActivityDateTime ?? null;
      if (activity !== null && activityDateTime === null)
        throw badRequest([{ key: 'detail.required_with', params: { field: 'ActivityDateTime', other: 'Activity' } }]);
      return optimistic(async () => {
        const view = await mustLoad(tenant, uuid, true);
        const now = clock();
        const contentUuid = mintUuid();
        // A retry whose first attempt added this content (it minted the same identifier: shared/replay.ts) answers it.
        const added = view.links.find((link) => link.uuid === contentUuid);
        if (added) return { content: toContentModel(added), etag: etagOf(view.record), notes: impurityNotes(added) };
        checkContentAddable(view.record, view.links, { id: input.ContentId, activityDateTime }, now);
        const content: ContentLink = {
          kind: input.Kind,
          id: input.ContentId,
          nuclide: input.Nuclide,
          uuid: contentUuid,
          activity,
          activityDateTime,
          createdAt: formatTimestamp(now),
          createdBy: caller.sub,
          impurities: input.Impurities?.map((i) => ({ nuclide: i.Nuclide, fraction: i.Fraction })) ?? null,
        };
        const next = newVersion(view.record, now);
        await store.addContent(view.record, next, content, writeContext(caller, now, requestId));
        return { content: toContentModel(content), etag: etagOf(next), notes: impurityNotes(content) };
      });
    },

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
        await store.removeContent(view.record, next, content, writeContext(caller, now, requestId));
        return { content: toContentModel(content), etag: etagOf(next) };
      });
    },
  };
}
