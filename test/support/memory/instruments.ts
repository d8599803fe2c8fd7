/**
 * In-memory adapter of the instrument port (shared/data/instruments.ts), for unit tests of the instrument and
 * measurement services: a stale version or an existing uuid is a ConditionFailedError, a check of no instrument too;
 * checks ordered as their sort key orders them (CheckedAt, then uuid); writers land in the directory.
 */
import type { InstrumentStore } from '../../../shared/data/instruments';
import type { Tenant } from '../../../shared/data/table';
import { ConditionFailedError } from '../../../shared/data/transact';
import type { InstrumentCheck, InstrumentRecord } from '../../../shared/domain/instrument';

const idOf = (tenant: Tenant, uuid: string) => `${tenant.client}#${tenant.facility}#${uuid}`;
const tenantOf = (r: { Client: string; Facility: string }): Tenant => ({ client: r.Client, facility: r.Facility });
const failed = () => new ConditionFailedError(['ConditionalCheckFailed']);
const sortKey = (c: InstrumentCheck) => `${c.CheckedAt}#${c.Uuid}`;

export function memoryInstrumentStore() {
  const instruments = new Map<string, InstrumentRecord>();
  const checks = new Map<string, InstrumentCheck[]>();
  const documents = new Set<string>();
  const people = new Map<string, string>();
  const remember = (client: string, actor: { sub: string; name?: string }) => {
    if (actor.name) people.set(`${client}#${actor.sub}`, actor.name);
  };
  const oldestFirst = (tenant: Tenant, uuid: string) =>
    [...(checks.get(idOf(tenant, uuid)) ?? [])].sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : 1));

  const store: InstrumentStore = {
    async get(tenant, uuid) {
      const record = instruments.get(idOf(tenant, uuid));
      return record && structuredClone(record);
    },
    list: async (tenant) =>
      structuredClone(
        [...instruments.values()].filter((r) => r.Client === tenant.client && r.Facility === tenant.facility),
      ),
    async create(record, actor) {
      if (instruments.has(idOf(tenantOf(record), record.Uuid))) throw failed();
      remember(record.Client, actor);
      instruments.set(idOf(tenantOf(record), record.Uuid), structuredClone(record));
    },
    async update(previous, next, actor) {
      const stored = instruments.get(idOf(tenantOf(previous), previous.Uuid));
      if (!stored || stored.Version !== previous.Version) throw failed();
      remember(next.Client, actor);
      instruments.set(idOf(tenantOf(next), next.Uuid), structuredClone(next));
    },
    async addCheck(check, actor) {
      const id = idOf(tenantOf(check), check.InstrumentUuid);
      if (!instruments.has(id)) throw failed();
      remember(check.Client, actor);
      checks.set(id, [...(checks.get(id) ?? []), structuredClone(check)]);
    },
    checks: async (tenant, uuid) => structuredClone(oldestFirst(tenant, uuid).reverse()),
    lastCheck: async (tenant, uuid, at) =>
      structuredClone(
        oldestFirst(tenant, uuid)
          .filter((c) => c.CheckedAt <= at)
          .at(-1),
      ),
    documentExists: async (tenant, uuid) => documents.has(idOf(tenant, uuid)),
    async names(client, ids) {
      return new Map(
        ids.flatMap((id) => {
          const name = people.get(`${client}#${id}`);
          return name === undefined ? [] : [[id, name] as const];
        }),
      );
    },
  };
  return Object.assign(store, {
    addDocument(tenant: Tenant, uuid: string) {
      documents.add(idOf(tenant, uuid));
    },
  });
}
