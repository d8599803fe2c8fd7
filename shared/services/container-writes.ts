/** What every container use case needs to read a container and to write one in a caller's name. */
import type { ContainerStore, WriteContext } from '../data/container-store';
import type { Tenant } from '../data/table';
import type { ContainerView } from '../domain/container-model';
import { formatTimestamp } from '../domain/time';
import { notFound } from '../errors';
import { actorOf, type Writer } from './writes';

/** Who writes, when, in which request: the audit entry's and the directory's facts. */
export const writeContext = (caller: Writer, now: Date, requestId: string): WriteContext => ({
  actor: actorOf(caller),
  at: formatTimestamp(now),
  requestId,
});

/** The container, or 404 `container.not_found`. */
export async function loadOrNotFound(
  store: Pick<ContainerStore, 'load'>,
  tenant: Tenant,
  uuid: string,
  consistent: boolean,
): Promise<ContainerView> {
  const view = await store.load(tenant, uuid, { consistent });
  if (!view) throw notFound('container.not_found');
  return view;
}
