/**
 * In-memory adapter of the maintenance log port (shared/data/maintenance.ts), for unit tests of the
 * maintenance service: entries newest first by maintenanceOrderKey, per facility and over all
 * tenants; a stale version or an existing uuid a ConditionFailedError; writers (and `nameDevice`)
 * in the directory.
 */
import { nameKey, type NameRef } from '../../../shared/data/directory';
import type { MaintenanceStore } from '../../../shared/data/maintenance';
import type { Actor } from '../../../shared/data/persons';
import type { Tenant } from '../../../shared/data/table';
import { ConditionFailedError } from '../../../shared/data/transact';
import { maintenanceOrderKey, type MaintenanceRecord } from '../../../shared/domain/maintenance';

const idOf = (tenant: Tenant, uuid: string) => `${tenant.client}#${tenant.facility}#${uuid}`;
const tenantOf = (r: MaintenanceRecord): Tenant => ({ client: r.Client, facility: r.Facility });

export function memoryMaintenanceStore() {
  const entries = new Map<string, MaintenanceRecord>();
  const directory = new Map<string, string>();
  const remember = (client: string, actor: Actor) => {
    if (actor.name) directory.set(nameKey({ client, kind: 'PERSON', id: actor.sub }), actor.name);
  };
  const newestFirst = (keep: (r: MaintenanceRecord) => boolean) =>
    [...entries.values()]
      .filter(keep)
      .sort((a, b) => (maintenanceOrderKey(a) < maintenanceOrderKey(b) ? 1 : -1))
      .map((r) => structuredClone(r));
  const ofTenant = (tenant: Tenant) => (r: MaintenanceRecord) =>
    r.Client === tenant.client && r.Facility === tenant.facility;

  const store: MaintenanceStore = {
    async get(tenant, uuid) {
      const entry = entries.get(idOf(tenant, uuid));
      return entry && structuredClone(entry);
    },
    async create(record, actor) {
      remember(record.Client, actor);
      if (entries.has(idOf(tenantOf(record), record.Uuid))) throw new ConditionFailedError(['ConditionalCheckFailed']);
      entries.set(idOf(tenantOf(record), record.Uuid), structuredClone(record));
    },
    async update(previous, next, actor) {
      remember(next.Client, actor);
      const stored = entries.get(idOf(tenantOf(previous), previous.Uuid));
      if (!stored || stored.Version !== previous.Version) throw new ConditionFailedError(['ConditionalCheckFailed']);
      entries.set(idOf(tenantOf(next), next.Uuid), structuredClone(next));
    },
    listTenant: async (tenant, limit) => newestFirst(ofTenant(tenant)).slice(0, limit),
    countTenant: async (tenant) => newestFirst(ofTenant(tenant)).length,
    countAll: async () => entries.size,
    async pageAll(offset, limit) {
      const all = newestFirst(() => true);
      return { total: all.length, items: all.slice(offset, offset + limit) };
    },
    async names(refs) {
      return new Map(
        refs.flatMap((ref) => {
          const name = directory.get(nameKey(ref));
          return name === undefined ? [] : [[nameKey(ref), name] as const];
        }),
      );
    },
  };
  return Object.assign(store, {
    /** A device's name, as an import would write it. */
    nameDevice(client: string, id: string, name: string) {
      directory.set(nameKey({ client, kind: 'DEVICE', id } satisfies NameRef), name);
    },
  });
}
