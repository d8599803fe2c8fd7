/**
 * A container created (OPEN, every field audited as created) and deleted (only while OPEN, and not while it holds
 * material of the book). Neither reads the regime, a measurement or the book's items, so the functions of the two
 * routes wire these alone (functions/commons/containers.ts), without the update and its release act; the container
 * service (./containers.ts) answers the same beside its update.
 */
import type { ContainerStore } from '../data/container-store';
import type { Tenant } from '../data/table';
import { optimistic } from '../data/transact';
import { allFieldsAsChanges } from '../domain/container-audit';
import type { ContainerCreate } from '../domain/container-fields';
import { createContainer } from '../domain/container-rules';
import { checkDeletable } from '../domain/container-states';
import { conflict } from '../errors';
import { mintUuid, requestTime } from '../replay';
import { holdsBookMaterial } from './container-book';
import { containerPresenter, type ContainerResult } from './container-reads';
import { loadOrNotFound, writeContext } from './container-writes';
import type { Writer } from './writes';

export function containerLifecycle(
  store: Pick<ContainerStore, 'create' | 'load' | 'names' | 'remove'>,
  clock: () => Date = requestTime,
) {
  const present = containerPresenter(store);
  return {
    async create(tenant: Tenant, caller: Writer, patch: ContainerCreate, requestId: string): Promise<ContainerResult> {
      const now = clock();
      const record = createContainer(tenant, mintUuid(), patch, caller.roles, now, caller.sub);
      await store.create(record, allFieldsAsChanges(record, 'created'), writeContext(caller, now, requestId));
      return present({ record, links: [], dispatchId: null, disposeId: null }, now, true);
    },

    /** Deletes an OPEN container and answers it as it was. */
    async remove(tenant: Tenant, caller: Writer, uuid: string, requestId: string): Promise<ContainerResult> {
      return optimistic(async () => {
        const view = await loadOrNotFound(store, tenant, uuid, true);
        checkDeletable(view.record);
        if (holdsBookMaterial(view.links)) throw conflict('container.holds_book_material');
        const now = clock();
        await store.remove(view, allFieldsAsChanges(view.record, 'deleted'), writeContext(caller, now, requestId));
        return present(view, now, true);
      });
    },
  };
}
