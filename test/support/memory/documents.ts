/**
 * In-memory adapter of the document store port (shared/data/documents.ts), for unit tests of the
 * document service: collections filtered and ordered as the indexes list them (newest first by
 * orderKey), counts exact, a stale version or an existing uuid a ConditionFailedError.
 */
import type { DocumentCollection, DocumentStore } from '../../../shared/data/documents';
import type { Tenant } from '../../../shared/data/table';
import { ConditionFailedError } from '../../../shared/data/transact';
import { orderKey, type DocumentRecord } from '../../../shared/domain/document';

const idOf = (tenant: Tenant, uuid: string) => `${tenant.client}#${tenant.facility}#${uuid}`;
const tenantOf = (r: DocumentRecord): Tenant => ({ client: r.Client, facility: r.Facility });

function inCollection(r: DocumentRecord, tenant: Tenant, collection: DocumentCollection): boolean {
  if (r.Client !== tenant.client || r.Facility !== tenant.facility) return false;
  if (collection.state && r.State !== collection.state) return false;
  if (collection.kind !== 'all' && r.Scope !== collection.scope) return false;
  return collection.kind !== 'reference' || r.ScopeReference === collection.reference;
}

export function memoryDocumentStore() {
  const records = new Map<string, DocumentRecord>();
  const newestFirst = (tenant: Tenant, collection: DocumentCollection) =>
    [...records.values()]
      .filter((r) => inCollection(r, tenant, collection))
      .sort((a, b) => (orderKey(a) < orderKey(b) ? 1 : -1))
      .map((r) => structuredClone(r));
  const versioned = (previous: DocumentRecord) => {
    const stored = records.get(idOf(tenantOf(previous), previous.Uuid));
    if (!stored || stored.Version !== previous.Version) throw new ConditionFailedError(['ConditionalCheckFailed']);
    return stored;
  };

  const store: DocumentStore = {
    async get(tenant, uuid) {
      const record = records.get(idOf(tenant, uuid));
      return record && structuredClone(record);
    },
    async tenantsOf(uuid) {
      return [...records.values()].filter((r) => r.Uuid === uuid).map(tenantOf);
    },
    async create(record) {
      if (records.has(idOf(tenantOf(record), record.Uuid))) throw new ConditionFailedError(['ConditionalCheckFailed']);
      records.set(idOf(tenantOf(record), record.Uuid), structuredClone(record));
    },
    async update(previous, next) {
      versioned(previous);
      records.set(idOf(tenantOf(next), next.Uuid), structuredClone(next));
    },
    async setFile(previous, file, updatedAt) {
      const stored = versioned(previous);
      records.set(idOf(tenantOf(stored), stored.Uuid), {
        ...stored,
        File: structuredClone(file),
        Version: previous.Version + 1,
        UpdatedAt: updatedAt,
      });
    },
    count: async (tenant, collection) => newestFirst(tenant, collection).length,
    list: async (tenant, collection, limit) => newestFirst(tenant, collection).slice(0, limit),
    async page(tenant, collection, offset, limit) {
      const all = newestFirst(tenant, collection);
      return { total: all.length, items: all.slice(offset, offset + limit) };
    },
  };
  return store;
}
