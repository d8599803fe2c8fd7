/**
 * In-memory adapter of the container store port (shared/data/containers.ts), for unit tests of the
 * container service. Faithful where the service relies on it: a write whose stored version moved,
 * or whose item exists or is gone, fails whole with ConditionFailedError; the writer lands in the
 * directory (the service's own writes do not); every write leaves its audit entry.
 */
import { contentSummary } from '../../../shared/data/container-items';
import {
  SERVICE_ACTOR,
  type AuditChange,
  type AuditEntry,
  type ContainerStore,
  type WriteContext,
} from '../../../shared/data/container-store';
import type { BookExtras } from '../../../shared/data/container-store';
import type { BookWrite } from '../../../shared/data/material-book';
import { keys, type Tenant } from '../../../shared/data/table';
import { isKeptRecord, isReleased } from '../../../shared/domain/container-states';
import { ConditionFailedError } from '../../../shared/data/transact';
import type { ReleaseRegisterStore } from '../../../shared/data/releases';
import type { AuditAction } from '../../../shared/domain/container-audit';
import type { ContentLink } from '../../../shared/domain/container-contents';
import type { ContainerRecord } from '../../../shared/domain/container-fields';
import type { ContainerView } from '../../../shared/domain/container-model';
import type { DocumentRecord } from '../../../shared/domain/document';
import type { RegisterLine } from '../../../shared/domain/release-register';
import { containerService } from '../../../shared/services/containers';

const idOf = (tenant: Tenant, uuid: string) => `${tenant.client}#${tenant.facility}#${uuid}`;
const tenantOf = (record: ContainerRecord): Tenant => ({ client: record.Client, facility: record.Facility });
const sameLink = (a: ContentLink, b: ContentLink) => a.kind === b.kind && a.id === b.id;
const failed = (reason = 'ConditionalCheckFailed') => new ConditionFailedError([reason]);

/** What a container's write books beside it, with a memory material book attached (test/support/memory/material.ts). */
export interface MemoryBookSink {
  apply(extras: BookExtras | undefined): void;
  line(write: BookWrite | undefined): void;
}

export function memoryContainerStore(bookSink?: MemoryBookSink) {
  const views = new Map<string, ContainerView>();
  const audits = new Map<string, AuditEntry[]>();
  const people = new Map<string, string>();
  /** What releases wrote beside their containers: record documents by uuid, register lines in order. */
  const documents = new Map<string, DocumentRecord>();
  const rows: { tenant: Tenant; row: RegisterLine }[] = [];
  /** Each facility's register chain head (shared/data/releases.ts registerHeadItem). */
  const heads = new Map<string, string>();
  /** The notices releases cited, in order. */
  const citations: { tenant: Tenant; notice: { Uuid: string; Version: number } }[] = [];

  const stored = (record: ContainerRecord) => views.get(idOf(tenantOf(record), record.Uuid));
  /** The version condition of a versioned put: the stored item still has `previous.Version`. */
  const current = (previous: ContainerRecord): ContainerView => {
    const view = stored(previous);
    if (!view || view.record.Version !== previous.Version) throw failed();
    return view;
  };
  const remember = (record: ContainerRecord, write: WriteContext) => {
    if (write.actor.sub === SERVICE_ACTOR.sub) return;
    if (write.actor.name) people.set(`${record.Client}#${write.actor.sub}`, write.actor.name);
  };
  const audit = (record: ContainerRecord, action: AuditAction, changes: AuditChange[], write: WriteContext) => {
    const id = idOf(tenantOf(record), record.Uuid);
    audits.set(id, [
      ...(audits.get(id) ?? []),
      { at: write.at, actor: write.actor.sub, requestId: write.requestId, action, changes: structuredClone(changes) },
    ]);
  };
  // Links as the table orders them: by sort key (kind, then content id).
  const ordered = (links: ContentLink[], uuid: string) =>
    [...links].sort((a, b) =>
      keys.containerLink(uuid, a.kind, a.id) < keys.containerLink(uuid, b.kind, b.id) ? -1 : 1,
    );

  const store: ContainerStore = {
    async load(tenant, uuid) {
      const view = views.get(idOf(tenant, uuid));
      return view && structuredClone(view);
    },

    async names(client, ids) {
      return new Map(
        ids.flatMap((id) => {
          const name = people.get(`${client}#${id}`);
          return name === undefined ? [] : [[id, name] as const];
        }),
      );
    },

    async create(record, changes, write) {
      if (stored(record)) throw failed();
      views.set(idOf(tenantOf(record), record.Uuid), {
        record: structuredClone(record),
        links: [],
        dispatchId: null,
        disposeId: null,
      });
      remember(record, write);
      audit(record, 'created', changes, write);
    },

    async update(previous, next, changes, write, transition, release, book) {
      // All conditions first: the transaction writes everything or nothing.
      const view = changes.length ? current(previous) : stored(previous);
      const field = transition?.kind === 'DISPATCH' ? 'dispatchId' : 'disposeId';
      if (transition && (!view || view[field] !== null)) throw failed();
      if (release && (documents.has(release.document.Uuid) || rows.some((r) => r.row.ContainerUuid === next.Uuid)))
        throw failed();
      const head = heads.get(idOf(tenantOf(next), ''));
      if (release && head !== undefined && head !== release.previous) throw failed();
      remember(next, write);
      if (changes.length) {
        view!.record = structuredClone(next);
        audit(next, release ? 'released' : 'updated', changes, write);
      }
      if (transition) view![field] = transition.id;
      bookSink?.line(book);
      if (release) {
        documents.set(release.document.Uuid, structuredClone(release.document));
        rows.push({ tenant: tenantOf(next), row: structuredClone(release.line) });
        heads.set(idOf(tenantOf(next), ''), release.line.LineSha256);
        if (release.notice) citations.push({ tenant: tenantOf(next), notice: structuredClone(release.notice) });
      }
    },

    async remove(view, changes, write) {
      const found = current(view.record);
      if (found.record.State !== 'OPEN') throw failed();
      views.delete(idOf(tenantOf(view.record), view.record.Uuid));
      remember(view.record, write);
      audit(view.record, 'deleted', changes, write);
    },

    async link(tenant, uuid, link) {
      const view = views.get(idOf(tenant, uuid));
      if (!view) return;
      view.links = ordered([...view.links.filter((l) => !sameLink(l, link)), structuredClone(link)], uuid);
    },

    async addContent(previous, next, content, write, book) {
      const view = current(previous);
      if (view.links.some((l) => sameLink(l, content))) throw failed();
      bookSink?.apply(book);
      view.record = structuredClone(next);
      view.links = ordered([...view.links, structuredClone(content)], next.Uuid);
      remember(next, write);
      audit(next, 'content_added', [{ field: 'Contents', old: null, new: contentSummary(content) }], write);
    },

    async removeContent(previous, next, content, write, book) {
      const view = current(previous);
      if (!view.links.some((l) => sameLink(l, content))) throw failed();
      bookSink?.apply(book);
      view.record = structuredClone(next);
      view.links = view.links.filter((l) => !sameLink(l, content));
      remember(next, write);
      audit(next, 'content_removed', [{ field: 'Contents', old: contentSummary(content), new: null }], write);
    },

    async history(tenant, uuid) {
      return structuredClone([...(audits.get(idOf(tenant, uuid)) ?? [])].reverse());
    },

    async holding(tenant) {
      return [...views.values()]
        .filter(({ record }) => idOf(tenantOf(record), '') === idOf(tenant, ''))
        .filter(({ record }) => !isReleased(record) && !isKeptRecord(record.State))
        .map((view) => ({ container: view.record.Uuid, links: structuredClone(view.links.filter((l) => l.bookLine)) }))
        .filter((held) => held.links.length > 0);
    },

    async dueForRelease(at) {
      return [...views.values()]
        .filter(
          ({ record }) => record.State === 'DECAY' && record.ReleaseDateTime !== null && record.ReleaseDateTime <= at,
        )
        .map(({ record }) => ({ tenant: tenantOf(record), uuid: record.Uuid }));
    },
  };
  /** The register over the same memory (shared/data/releases.ts's port). */
  const register: ReleaseRegisterStore = {
    async list(tenant: Tenant, year: number, fields?: readonly (keyof RegisterLine)[]) {
      return rows
        .filter((r) => idOf(r.tenant, '') === idOf(tenant, '') && r.row.ReleasedAt.startsWith(`${year}-`))
        .map(({ row }) =>
          fields ? (Object.fromEntries(fields.map((f) => [f, row[f]])) as unknown as RegisterLine) : row,
        );
    },
    async head(tenant: Tenant) {
      return heads.get(idOf(tenant, '')) ?? null;
    },
    async before(tenant: Tenant, year: number) {
      const earlier = rows.filter((r) => idOf(r.tenant, '') === idOf(tenant, '') && r.row.ReleasedAt < `${year}-`);
      return earlier.at(-1)?.row.LineSha256 ?? null;
    },
  };
  return Object.assign(store, { documents, register, citations });
}

/** The container service over a store (a fresh in-memory one unless given), its clock at 2026-11-20 08:00 UTC. */
export function containerServiceSetup(store: ContainerStore = memoryContainerStore()) {
  let now = new Date('2026-11-20T08:00:00Z');
  const service = containerService(store, { clock: () => now });
  return {
    store,
    service,
    /** Moves the service's clock on. */
    advance: (seconds: number) => {
      now = new Date(now.getTime() + seconds * 1000);
    },
  };
}
