/**
 * In-memory adapter of the clearance notice port (shared/data/clearance-notices.ts), for unit tests of the notice
 * service. Faithful where the service relies on it: a stale version or an existing uuid is a ConditionFailedError, and
 * so is a change whose guard a citation breaks; `cite` does what a release's citeNoticeItem does.
 */
import type { ClearanceNoticeStore } from '../../../shared/data/clearance-notices';
import type { Tenant } from '../../../shared/data/table';
import { ConditionFailedError } from '../../../shared/data/transact';
import { type ClearanceNotice, inForce, type NoticeRecord } from '../../../shared/domain/clearance-notice';

const idOf = (tenant: Tenant, uuid: string) => `${tenant.client}#${tenant.facility}#${uuid}`;
const tenantOf = (n: ClearanceNotice): Tenant => ({ client: n.Client, facility: n.Facility });
const failed = () => new ConditionFailedError(['ConditionalCheckFailed']);

export function memoryClearanceNoticeStore() {
  const notices = new Map<string, NoticeRecord>();
  /** The documents of each facility, by `idOf`. */
  const documents = new Set<string>();
  const ofTenant = (tenant: Tenant) =>
    [...notices.values()].filter((n) => n.Client === tenant.client && n.Facility === tenant.facility);

  const store: ClearanceNoticeStore = {
    async get(tenant, uuid) {
      const notice = notices.get(idOf(tenant, uuid));
      return notice && structuredClone(notice);
    },
    list: async (tenant) => structuredClone(ofTenant(tenant)),
    inForce: async (tenant, at) => structuredClone(ofTenant(tenant).filter((n) => inForce(n, at))),
    async create(notice) {
      if (notices.has(idOf(tenantOf(notice), notice.Uuid))) throw failed();
      notices.set(idOf(tenantOf(notice), notice.Uuid), { ...structuredClone(notice), Citations: 0, LastCitedAt: null });
    },
    async update(previous, next, guard) {
      const stored = notices.get(idOf(tenantOf(previous), previous.Uuid));
      if (!stored || stored.Version !== previous.Version) throw failed();
      if (guard.uncited && stored.Citations > 0) throw failed();
      if (guard.notCitedAfter !== null && stored.LastCitedAt !== null && stored.LastCitedAt > guard.notCitedAfter)
        throw failed();
      notices.set(idOf(tenantOf(next), next.Uuid), {
        ...structuredClone(next),
        Citations: stored.Citations,
        LastCitedAt: stored.LastCitedAt,
      });
    },
    documentExists: async (tenant, uuid) => documents.has(idOf(tenant, uuid)),
  };
  return Object.assign(store, {
    /** A release citing the notice at `at` (citeNoticeItem): on its version, never before a later citation. */
    cite(tenant: Tenant, notice: Pick<ClearanceNotice, 'Uuid' | 'Version'>, at: string) {
      const stored = notices.get(idOf(tenant, notice.Uuid));
      if (!stored || stored.Version !== notice.Version || (stored.LastCitedAt !== null && stored.LastCitedAt > at))
        throw failed();
      stored.Citations += 1;
      stored.LastCitedAt = at;
    },
    /** A document of the facility, as its create would record it. */
    addDocument(tenant: Tenant, uuid: string) {
      documents.add(idOf(tenant, uuid));
    },
  });
}
