/** A container's contents: listed, added to an OPEN container (audited, the ETag moves), removed. */
import { randomUUID } from 'node:crypto';
import {
  checkContentAddable,
  checkContentsChangeable,
  checkImpuritiesStatement,
  expectedImpuritiesOf,
  toContentModel,
  type ContentInput,
  type ContentLink,
  type ContentModel,
} from '../domain/container-contents';
import { etagOf, newVersion } from '../domain/record';
import { formatTimestamp } from '../domain/time';
import { badRequest, notFound } from '../errors';
import type { NotificationSpec } from '../i18n/translate';
import { optimistic } from '../data/transact';
import type { ContainerStore } from '../data/container-store';
import type { Tenant } from '../data/table';
import { loadOrNotFound, writeContext } from './container-writes';
import type { Writer } from './writes';

export function containerContents(store: ContainerStore, clock: () => Date) {
  const mustLoad = (tenant: Tenant, uuid: string, consistent: boolean) =>
    loadOrNotFound(store, tenant, uuid, consistent);
  return {
    /** The contents of a container, in the order they are stored (by kind, then content id). */
    async contents(tenant: Tenant, uuid: string): Promise<{ items: ContentModel[]; total: number }> {
      const view = await mustLoad(tenant, uuid, false);
      return { items: view.links.map(toContentModel), total: view.links.length };
    },

    /**
     * Adds a content to an OPEN container: audited, and the container's ETag moves. Impurities [] for a nuclide that
     * brings some is an officer's statement with its reason (ImpuritiesJustification); none entered is warned of, as
     * it blocks the release.
     */
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
      const impurities = input.Impurities?.map((i) => ({ nuclide: i.Nuclide, fraction: i.Fraction })) ?? null;
      const impuritiesJustification = input.ImpuritiesJustification ?? null;
      checkImpuritiesStatement({ nuclide: input.Nuclide, impurities, impuritiesJustification }, caller.roles);
      return optimistic(async () => {
        const view = await mustLoad(tenant, uuid, true);
        const now = clock();
        checkContentAddable(view.record, view.links, { id: input.ContentId, activityDateTime }, now);
        const content: ContentLink = {
          kind: input.Kind,
          id: input.ContentId,
          nuclide: input.Nuclide,
          uuid: randomUUID(),
          activity,
          activityDateTime,
          createdAt: formatTimestamp(now),
          createdBy: caller.sub,
          impurities,
          impuritiesJustification,
        };
        const next = newVersion(view.record, now);
        await store.addContent(view.record, next, content, writeContext(caller, now, requestId));
        // Impurities not entered for a nuclide that brings some: the assessment cannot count them.
        const expected = expectedImpuritiesOf(content.nuclide);
        const notes: NotificationSpec[] =
          expected.length && content.impurities === null
            ? [
                {
                  key: 'content.impurities_expected',
                  params: { nuclide: content.nuclide, impurities: expected.join(', ') },
                },
              ]
            : [];
        return { content: toContentModel(content), etag: etagOf(next), notes };
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
