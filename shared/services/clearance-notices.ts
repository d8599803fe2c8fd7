/**
 * Clearance notice use cases: record, list, load and change a facility's notices (writes are the radiation
 * protection officer's: the route asks for role rpo). A change of a cited notice keeps what its releases rest on
 * (shared/domain/clearance-notice.ts), guarded in the write itself against a citation landing meanwhile.
 */
import type { ClearanceNoticeStore } from '../data/clearance-notices';
import type { Tenant } from '../data/table';
import { optimistic } from '../data/transact';
import {
  type ClearanceNotice,
  type ClearanceNoticeCreate,
  type ClearanceNoticeModel,
  type ClearanceNoticePatch,
  createNotice,
  noticeOrder,
  noticeWriteGuard,
  toNoticeModel,
  updateNotice,
} from '../domain/clearance-notice';
import { etagOf } from '../domain/record';
import { notFound } from '../errors';
import { actorOf, checkDocument, checkIfMatch, type Writer } from './writes';
import { mintUuid, requestTime } from '../replay';

/** At most this many notices in a listing (a facility holds a handful; a Warning beyond). */
export const NOTICE_LIST_CAP = 1000;

export interface NoticeResult {
  model: ClearanceNoticeModel;
  etag: string;
}

export function clearanceNoticeService(store: ClearanceNoticeStore, clock: () => Date = requestTime) {
  const present = (notice: ClearanceNotice): NoticeResult => ({ model: toNoticeModel(notice), etag: etagOf(notice) });
  const documents = store.documentExists.bind(store);
  /** The notice's scan and each plant's acceptance declaration are documents of the facility (400 naming one not). */
  async function checkDocuments(tenant: Tenant, notice: ClearanceNotice, current?: ClearanceNotice): Promise<void> {
    await checkDocument(documents, tenant, 'DocumentUuid', notice.DocumentUuid, current?.DocumentUuid);
    const known = new Set(current?.DisposalPlants.map((p) => p.AcceptanceDocumentUuid));
    for (const [i, plant] of notice.DisposalPlants.entries())
      if (!known.has(plant.AcceptanceDocumentUuid))
        await checkDocument(
          documents,
          tenant,
          `DisposalPlants.${i}.AcceptanceDocumentUuid`,
          plant.AcceptanceDocumentUuid,
        );
  }

  return {
    async create(tenant: Tenant, caller: Writer, body: ClearanceNoticeCreate): Promise<NoticeResult> {
      const notice = createNotice(tenant, mintUuid(), body, clock());
      await checkDocuments(tenant, notice);
      await store.create(notice, actorOf(caller));
      return present(notice);
    },

    async load(tenant: Tenant, uuid: string): Promise<NoticeResult> {
      const notice = await store.get(tenant, uuid);
      if (!notice) throw notFound('clearance_notice.not_found');
      return present(notice);
    },

    /** The facility's notices, newest ValidFrom first, up to NOTICE_LIST_CAP. */
    async list(tenant: Tenant): Promise<{ items: ClearanceNoticeModel[]; total: number; truncated: boolean }> {
      const notices = (await store.list(tenant)).sort(noticeOrder);
      return {
        items: notices.slice(0, NOTICE_LIST_CAP).map(toNoticeModel),
        total: notices.length,
        truncated: notices.length > NOTICE_LIST_CAP,
      };
    },

    /**
     * Partial update with If-Match. A write that lost a race is read and applied again: a new version is then 412
     * (If-Match) or applied anew, a citation that landed meanwhile makes the change 409.
     */
    async update(
      tenant: Tenant,
      caller: Writer,
      uuid: string,
      patch: ClearanceNoticePatch,
      ifMatch: string | undefined,
    ): Promise<NoticeResult> {
      return optimistic(async () => {
        const current = await store.get(tenant, uuid, { consistent: true });
        if (!current) throw notFound('clearance_notice.not_found');
        checkIfMatch(ifMatch, etagOf(current));
        const { next, changed } = updateNotice(current, patch, clock());
        if (!changed) return present(current);
        await checkDocuments(tenant, next, current);
        await store.update(current, next, noticeWriteGuard(current, next), actorOf(caller));
        return present(next);
      });
    },
  };
}
