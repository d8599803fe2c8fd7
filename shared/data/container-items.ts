/**
 * How a container and what stands beside it are stored: the container item (with its sparse release index keys), its
 * content links, what it holds of the material book, its audit entries, and a record written beside it. The store
 * (./containers.ts) writes them; the export, the bench and the tests build them too.
 */
import { randomUUID } from 'node:crypto';
import type { AuditAction } from '../domain/container-audit';
import { type ContentLink, toContentModel } from '../domain/container-contents';
import { CONTAINER_HIDDEN_FIELDS, CONTAINER_TABLE, type ContainerRecord } from '../domain/container-fields';
import { recordFieldsOf } from '../domain/fields';
import { type AuditChange, SERVICE_ACTOR, type WriteContext } from './container-store';
import { personUpsert } from './persons';
import { shardedIndex } from './sharded-index';
import { indexKeys, ITEM_TYPES, keys, recordOf, type Tenant } from './table';
import { newPut, type TransactWriteItem, versionedPut } from './transact';

/**
 * The sparse release index: a DECAY container with a ReleaseDateTime carries G3PK/G3SK (GSI3 is
 * overloaded: documents use it by scope, under partition keys of their tenant). Leaving DECAY, or
 * clearing the date, rewrites the item without them, so the index holds exactly the containers the
 * sweep may move. Write-sharded over 4 partitions, ordered by ReleaseDateTime.
 */
export const releaseDue = shardedIndex('releaseDue', 4);

function releaseIndexKeys(record: ContainerRecord): Record<string, string> {
  if (record.State !== 'DECAY' || record.ReleaseDateTime === null) return {};
  return releaseDue.keysOf(record.Uuid, `${record.ReleaseDateTime}#${record.Client}#${record.Facility}#${record.Uuid}`);
}

/**
 * What a container holds of the material book, while its material has not left the facility: one item beside the
 * container (`CONTAINER#{uuid}#BOOK`) with those contents, in GSI1 under the facility's `CONTAINERS#HOLDING`. Written
 * with each content drawn from the book or taken out (removed with the last one), removed when the container's material
 * leaves (its release, its dispatch): the stock reads these items alone, one per container, whatever the history.
 */
export const bookContentsItem = (tenant: Tenant, uuid: string, held: readonly ContentLink[]) => ({
  PK: keys.tenant(tenant),
  SK: keys.containerBook(uuid),
  Type: ITEM_TYPES.containerBook,
  ContainerUuid: uuid,
  Contents: held.map(toContentModel),
  G1PK: indexKeys.containersHolding(keys.tenant(tenant)),
  G1SK: uuid,
});
export const bookContentsWrite = (tableName: string, tenant: Tenant, uuid: string, held: readonly ContentLink[]) =>
  held.length
    ? { Put: { TableName: tableName, Item: bookContentsItem(tenant, uuid, held) } }
    : { Delete: { TableName: tableName, Key: { PK: keys.tenant(tenant), SK: keys.containerBook(uuid) } } };

const recordFields = recordFieldsOf(CONTAINER_TABLE);

/** The record of a container item: its fields, and what a release kept beside them where it did. */
export const toRecord = (item: Record<string, unknown>): ContainerRecord => ({
  ...recordOf<ContainerRecord>(recordFields, item),
  ...Object.fromEntries(CONTAINER_HIDDEN_FIELDS.filter((f) => item[f] != null).map((f) => [f, item[f]])),
});

/** A container as stored: keyed by its tenant, its links and records next to it. */
export const containerItem = (record: ContainerRecord) => ({
  PK: keys.tenant({ client: record.Client, facility: record.Facility }),
  SK: keys.container(record.Uuid),
  Type: ITEM_TYPES.container,
  ...record,
  ...releaseIndexKeys(record),
});

export const linkItem = (tenant: Tenant, uuid: string, link: ContentLink) => ({
  PK: keys.tenant(tenant),
  SK: keys.containerLink(uuid, link.kind, link.id),
  Type: ITEM_TYPES.containerLink,
  ContainerUuid: uuid,
  // The link's attributes are its content model.
  ...toContentModel(link),
});

/** What an audit entry records of a content. */
export const contentSummary = (link: ContentLink) => {
  const { CreatedAt: _at, CreatedBy: _by, ...summary } = toContentModel(link);
  return summary;
};

/** A container's audit entry as a transaction item: who, when, under which request, which fields from what to what. */
export const containerAuditItem = (
  tableName: string,
  record: ContainerRecord,
  action: AuditAction,
  changes: AuditChange[],
  write: WriteContext,
): TransactWriteItem => ({
  Put: {
    TableName: tableName,
    Item: {
      PK: keys.tenant({ client: record.Client, facility: record.Facility }),
      // Millisecond time first, so a container's audit entries sort in the order they were written.
      SK: keys.audit('CONTAINER', record.Uuid, new Date().toISOString(), write.requestId || randomUUID()),
      Type: ITEM_TYPES.audit,
      Entity: ITEM_TYPES.container,
      EntityUuid: record.Uuid,
      Action: action,
      Actor: write.actor.sub,
      At: write.at,
      RequestId: write.requestId,
      Changes: changes.map((c) => ({ Field: c.field, Old: c.old, New: c.new })),
    },
  },
});

/** The writer's directory entry beside a container's write; the service's own writes (the sweep) leave it alone. */
export const containerDirectory = (
  tableName: string,
  record: ContainerRecord,
  write: WriteContext,
): TransactWriteItem[] =>
  write.actor.sub === SERVICE_ACTOR.sub ? [] : [personUpsert(tableName, record.Client, write.actor, write.at)];

/**
 * A record kept beside a container (a decision measurement, a survey) written with the container's next version, its
 * audit entry (`change`) and the writer in the directory, in one transaction: the container's ETag moves with it.
 */
export const besideContainer = (
  tableName: string,
  item: Record<string, unknown>,
  previous: ContainerRecord,
  next: ContainerRecord,
  change: AuditChange,
  write: WriteContext,
): TransactWriteItem[] => [
  newPut(tableName, item),
  versionedPut(tableName, containerItem(next), previous.Version),
  containerAuditItem(tableName, next, 'measured', [change], write),
  ...containerDirectory(tableName, next, write),
];
