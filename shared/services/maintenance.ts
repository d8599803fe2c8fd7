/**
 * Maintenance log use cases: the report (find and page) scoped by the caller's token, and entry
 * create and update. Names of a whole page are resolved in batched reads.
 */
import type { Caller } from '../auth/claims';
import { nameKey, type NameRef } from '../data/directory';
import type { MaintenanceStore } from '../data/maintenance';
import type { Tenant } from '../data/table';
import { optimistic } from '../data/transact';
import {
  createEntry,
  maintenanceOrderKey,
  namedIn,
  toMaintenanceModel,
  updateEntry,
  type MaintenanceCreate,
  type MaintenanceModel,
  type MaintenancePatch,
  type MaintenanceRecord,
} from '../domain/maintenance';
import { notFound } from '../errors';
import { actorOf, type Writer } from './writes';
import { mintUuid, requestTime } from '../replay';

export const REPORT_FIND_CAP = 1000;

export interface Report {
  items: MaintenanceModel[];
  total: number;
  truncated?: boolean;
}

/** The tenants a token reaches: every pair of its clients and facilities (lookups are keyed by both). */
export const tenantsOf = (caller: Caller): Tenant[] =>
  caller.clients.flatMap((client) => caller.facilities.map((facility) => ({ client, facility })));

const newestFirst = (a: MaintenanceRecord, b: MaintenanceRecord) =>
  maintenanceOrderKey(a) < maintenanceOrderKey(b) ? 1 : -1;

/**
 * `store` serves the entries of one tenant (create, update) or, for the report, the all-tenant collection; `storeOf`
 * gives the store of a tenant the report reaches (its entries and its client's names, with that tenant's session).
 */
/** What the maintenance log service works with besides its store. */
export interface MaintenanceServiceOptions {
  /** Entries a page holds. */
  pageSize: number;
  clock?: () => Date;
  /** The store of one tenant, for a cross-tenant report's names and entries (its session); the store itself else. */
  storeOf?: (tenant: Tenant) => Promise<MaintenanceStore>;
}

export function maintenanceService(store: MaintenanceStore, options: MaintenanceServiceOptions) {
  const { pageSize, clock = requestTime, storeOf = async () => store } = options;
  /** The names of the records' people and devices: each client's from its directory, with a tenant of that client. */
  async function namesOf(records: MaintenanceRecord[]): Promise<Map<string, string>> {
    const byClient = new Map<string, { tenant: Tenant; refs: NameRef[] }>();
    for (const r of records) {
      const { persons, devices } = namedIn(r);
      const refs = [
        ...persons.map((id) => ({ client: r.Client, kind: 'PERSON' as const, id })),
        ...devices.map((id) => ({ client: r.Client, kind: 'DEVICE' as const, id })),
      ];
      if (!refs.length) continue;
      const entry = byClient.get(r.Client) ?? { tenant: { client: r.Client, facility: r.Facility }, refs: [] };
      entry.refs.push(...refs);
      byClient.set(r.Client, entry);
    }
    const found = await Promise.all(
      [...byClient.values()].map(async ({ tenant, refs }) => (await storeOf(tenant)).names(refs)),
    );
    return new Map(found.flatMap((names) => [...names]));
  }

  async function present(records: MaintenanceRecord[]): Promise<MaintenanceModel[]> {
    const names = await namesOf(records);
    const lookup = (kind: NameRef['kind']) => (client: string, id: string | null) =>
      id === null ? null : (names.get(nameKey({ client, kind, id })) ?? null);
    return records.map((r) => toMaintenanceModel(r, { person: lookup('PERSON'), device: lookup('DEVICE') }));
  }

  /** The newest `limit` entries of the caller's tenants, merged, and their total. */
  async function merged(caller: Caller, limit: number): Promise<{ records: MaintenanceRecord[]; total: number }> {
    if (caller.roles.includes('reporter')) {
      const { items, total } = await store.pageAll(0, limit);
      return { records: items, total };
    }
    const tenants = await Promise.all(tenantsOf(caller).map(async (t) => ({ tenant: t, store: await storeOf(t) })));
    const [lists, counts] = await Promise.all([
      Promise.all(tenants.map((t) => t.store.listTenant(t.tenant, limit))),
      Promise.all(tenants.map((t) => t.store.countTenant(t.tenant))),
    ]);
    return { records: lists.flat().sort(newestFirst).slice(0, limit), total: counts.reduce((a, b) => a + b, 0) };
  }

  return {
    async find(caller: Caller): Promise<Report> {
      const { records, total } = await merged(caller, REPORT_FIND_CAP + 1);
      return {
        items: await present(records.slice(0, REPORT_FIND_CAP)),
        total,
        truncated: records.length > REPORT_FIND_CAP,
      };
    },

    /**
     * One page. For role reporter the all-tenant collection's page buckets find the page without
     * reading what lies before it; for a token's own facilities each facility's newest entries up to
     * the page's end are merged (their number grows with the page, never with the table).
     */
    async page(caller: Caller, page: number): Promise<Report> {
      const offset = (page - 1) * pageSize;
      if (caller.roles.includes('reporter')) {
        const { total, items } = await store.pageAll(offset, pageSize);
        return { items: await present(items), total };
      }
      const { records, total } = await merged(caller, offset + pageSize);
      return { items: await present(records.slice(offset, offset + pageSize)), total };
    },

    async create(tenant: Tenant, caller: Writer, body: MaintenanceCreate): Promise<MaintenanceModel> {
      const record = createEntry(tenant, mintUuid(), body, caller.sub, clock());
      await store.create(record, actorOf(caller));
      return (await present([record]))[0]!;
    },

    async update(tenant: Tenant, caller: Writer, uuid: string, patch: MaintenancePatch): Promise<MaintenanceModel> {
      return optimistic(async () => {
        const current = await store.get(tenant, uuid);
        if (!current) throw notFound('maintenance.not_found');
        const { next, changed } = updateEntry(current, patch, clock());
        if (!changed) return (await present([current]))[0]!;
        await store.update(current, next, actorOf(caller));
        return (await present([next]))[0]!;
      });
    },
  };
}
