/**
 * Container use cases: load, create, update (with If-Match), delete. Orchestrates the domain rules
 * and the store port; knows nothing of DynamoDB or HTTP events.
 */
import { randomUUID } from 'node:crypto';
import {
  allFieldsAsChanges,
  checkDeletable,
  createContainer,
  personIdsOf,
  toContainerModel,
  transitionRecord,
  updateContainer,
  type ContainerModel,
  type ContainerPatch,
  type ContainerRecord,
  type ContainerView,
} from '../domain/container';
import { formatTimestamp } from '../domain/time';
import { AppError, notFound } from '../errors';
import { ConditionFailedError, optimistic } from '../data/transact';
import type { ContainerStore, WriteContext } from '../data/containers';
import type { Tenant } from '../data/table';

export interface Caller {
  sub: string;
  name: string | undefined;
  roles: readonly string[];
}

export interface ContainerResult {
  model: ContainerModel;
  etag: string;
}

/** The ETag of a container version: strong, opaque, different for every item and version. */
export const etagOf = (record: ContainerRecord): string => `"${record.Uuid}.${record.Version}"`;

/** If-Match holds when it lists the current ETag or is `*` (weak tags never match: RFC 9110 strong comparison). */
export function ifMatchHolds(ifMatch: string, etag: string): boolean {
  return ifMatch.split(',').map((t) => t.trim()).some((tag) => tag === '*' || tag === etag);
}


export function containerService(store: ContainerStore, clock: () => Date = () => new Date()) {
  async function present(view: ContainerView, now: Date, consistent = false): Promise<ContainerResult> {
    const names = await store.names(view.record.Client, personIdsOf(view.record), { consistent });
    return { model: toContainerModel(view, names, now), etag: etagOf(view.record) };
  }

  const writeContext = (caller: Caller, now: Date, requestId: string): WriteContext => ({
    actor: { sub: caller.sub, name: caller.name },
    at: formatTimestamp(now),
    requestId,
  });

  async function mustLoad(tenant: Tenant, uuid: string, consistent: boolean): Promise<ContainerView> {
    const view = await store.load(tenant, uuid, { consistent });
    if (!view) throw notFound('container.not_found');
    return view;
  }

  return {
    async load(tenant: Tenant, uuid: string): Promise<ContainerResult> {
      return present(await mustLoad(tenant, uuid, false), clock());
    },

    async create(tenant: Tenant, caller: Caller, patch: ContainerPatch, requestId: string): Promise<ContainerResult> {
      const now = clock();
      const record = createContainer(tenant, randomUUID(), patch, caller.roles, now);
      await store.create(record, allFieldsAsChanges(record, 'created'), writeContext(caller, now, requestId));
      return present({ record, links: [], dispatchId: null, disposeId: null }, now, true);
    },

    /**
     * Partial update. With If-Match, a version other than the one named is 412, also when another
     * request wins the race between read and write. Without it, a lost race re-reads and re-applies.
     */
    async update(tenant: Tenant, caller: Caller, uuid: string, patch: ContainerPatch, ifMatch: string | undefined, requestId: string): Promise<ContainerResult> {
      return optimistic(async () => {
        const view = await mustLoad(tenant, uuid, true);
        if (ifMatch !== undefined && !ifMatchHolds(ifMatch, etagOf(view.record))) {
          throw new AppError(412, 'request.precondition_failed', { details: [{ key: 'detail.if_match', params: { value: ifMatch } }] });
        }
        const now = clock();
        const { next, changes } = updateContainer(view.record, patch, caller.roles, now);
        const kind = transitionRecord(view.record.State, next.State);
        const transition = kind ? { kind, id: randomUUID() } : undefined;
        try {
          await store.update(view.record, next, changes, writeContext(caller, now, requestId), transition);
        } catch (error) {
          // With If-Match, losing the race is a failed precondition, not a reason to re-apply.
          if (error instanceof ConditionFailedError && ifMatch !== undefined) {
            throw new AppError(412, 'request.precondition_failed', { details: [{ key: 'detail.if_match', params: { value: ifMatch } }] });
          }
          throw error;
        }
        const written = changes.length ? next : view.record;
        return present(
          {
            ...view,
            record: written,
            dispatchId: transition?.kind === 'DISPATCH' ? transition.id : view.dispatchId,
            disposeId: transition?.kind === 'DISPOSE' ? transition.id : view.disposeId,
          },
          now,
          true,
        );
      });
    },

    /** Deletes an OPEN container and answers it as it was. */
    async remove(tenant: Tenant, caller: Caller, uuid: string, requestId: string): Promise<ContainerResult> {
      return optimistic(async () => {
        const view = await mustLoad(tenant, uuid, true);
        checkDeletable(view.record);
        const now = clock();
        await store.remove(view, allFieldsAsChanges(view.record, 'deleted'), writeContext(caller, now, requestId));
        return present(view, now, true);
      });
    },
  };
}

export type ContainerService = ReturnType<typeof containerService>;
