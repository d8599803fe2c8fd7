/**
 * DynamoDB adapter of the container store. Every write is one transaction: the container, the
 * writer's directory entry, the audit entry and (on DISPATCHED/DISPOSED) the dispatch or dispose
 * record change together or not at all. Every lookup is keyed by client and facility.
 */
import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchWrite } from './batch';
import { queryAll } from './query';
import { randomUUID } from 'node:crypto';
import type { AuditAction } from '../domain/container-audit';
import { type ContentLink, type ContentModel, toContentLink, toContentModel } from '../domain/container-contents';
import { CONTAINER_HIDDEN_FIELDS, CONTAINER_TABLE, type ContainerRecord } from '../domain/container-fields';
import { recordFieldsOf } from '../domain/fields';
import { documentItem } from './documents';
import {
  SERVICE_ACTOR,
  type AuditChange,
  type AuditEntry,
  type ContainerStore,
  type WriteContext,
} from './container-store';
import { personUpsert, resolveNames } from './persons';
import { shardedIndex } from './sharded-index';
import { archiveLineStep } from './archive-progress';
import { citeNoticeItem } from './clearance-notices';
import { registerHeadItem, releaseEntryItem } from './releases';
import { bookItems } from './material-book';
import { materialItemPut } from './material';
import type { BookExtras } from './container-store';
import { indexKeys, ITEM_TYPES, keys, recordOf, type Tenant } from './table';
import { newPut, transactWrite, versionedPut, type TransactWriteItem } from './transact';

/**
 * The sparse release index: a DECAY container with a ReleaseDateTime carries G3PK/G3SK (GSI3 is
 * overloaded: documents use it by scope, under partition keys of their tenant). Leaving DECAY, or
 * clearing the date, rewrites the item without them, so the index holds exactly the containers the
 * sweep may move. Write-sharded over 4 partitions, ordered by ReleaseDateTime.
 */
const releaseDue = shardedIndex('releaseDue', 4);

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
const bookContentsWrite = (tableName: string, tenant: Tenant, uuid: string, held: readonly ContentLink[]) =>
  held.length
    ? { Put: { TableName: tableName, Item: bookContentsItem(tenant, uuid, held) } }
    : { Delete: { TableName: tableName, Key: { PK: keys.tenant(tenant), SK: keys.containerBook(uuid) } } };

const recordFields = recordFieldsOf(CONTAINER_TABLE);

/** The record of a container item: its fields, and what a release kept beside them where it did. */
const toRecord = (item: Record<string, unknown>): ContainerRecord => ({
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

const linkItem = (tenant: Tenant, uuid: string, link: ContentLink) => ({
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
  personUpsert(tableName, next.Client, write.actor, write.at),
];

export function dynamoContainerStore(db: DynamoDBDocumentClient, tableName: string): ContainerStore {
  const auditItem = (record: ContainerRecord, action: AuditAction, changes: AuditChange[], write: WriteContext) =>
    containerAuditItem(tableName, record, action, changes, write);

  // The service's own writes leave the person directory alone.
  const directory = (record: ContainerRecord, write: WriteContext): TransactWriteItem[] =>
    write.actor.sub === SERVICE_ACTOR.sub ? [] : [personUpsert(tableName, record.Client, write.actor, write.at)];
  const tenantOf = (record: ContainerRecord): Tenant => ({ client: record.Client, facility: record.Facility });
  /** What a write books in the material book beside the container: items' next versions, the line, its contents. */
  const booked = (tenant: Tenant, uuid: string, book: BookExtras | undefined): TransactWriteItem[] =>
    book
      ? [
          ...book.items.map((i) => materialItemPut(tableName, i.previous, i.next)),
          ...(book.book ? bookItems(tableName, tenant, book.book) : []),
          bookContentsWrite(tableName, tenant, uuid, book.held),
        ]
      : [];

  return {
    async load(tenant, uuid, options = {}) {
      const items = await queryAll(db, tableName, {
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.tenant(tenant), ':prefix': keys.containerPrefix(uuid) },
        ConsistentRead: options.consistent ?? false,
      });
      const main = items.find((i) => i.Type === ITEM_TYPES.container);
      if (!main) return undefined;
      const recordId = (type: string) => (items.find((i) => i.Type === type)?.Uuid as string | undefined) ?? null;
      return {
        record: toRecord(main),
        links: items
          .filter((i) => i.Type === ITEM_TYPES.containerLink)
          .map((i) => toContentLink(i as Partial<ContentModel>)),
        dispatchId: recordId(ITEM_TYPES.dispatch),
        disposeId: recordId(ITEM_TYPES.dispose),
      };
    },

    names: (client, ids, options = {}) => resolveNames(db, tableName, client, ids, options.consistent ?? false),

    async create(record, changes, write) {
      await transactWrite(db, [
        newPut(tableName, containerItem(record)),
        ...directory(record, write),
        auditItem(record, 'created', changes, write),
      ]);
    },

    async update(previous, next, changes, write, transition, release, book) {
      const items: TransactWriteItem[] = [...directory(next, write)];
      if (changes.length) {
        items.push(
          versionedPut(tableName, containerItem(next), previous.Version),
          auditItem(next, release ? 'released' : 'updated', changes, write),
        );
      }
      if (release)
        items.push(
          newPut(tableName, documentItem(release.document)),
          newPut(tableName, releaseEntryItem(tenantOf(next), release.line)),
          registerHeadItem(tableName, tenantOf(next), release.previous, release.line),
          ...(release.notice ? [citeNoticeItem(tableName, tenantOf(next), release.notice, write.at)] : []),
          // Booked: its record is no orphan, its line's locked copy is still to come (shared/data/archive-progress.ts).
          archiveLineStep(tableName, {
            tenant: tenantOf(next),
            recordUuid: release.document.Uuid,
            recordKey: release.document.File!.Key,
            containerUuid: next.Uuid,
            begunAt: write.at,
            releasedAt: release.line.ReleasedAt,
          }),
        );
      // The container's material leaves: its line, and its book contents no longer held.
      if (book)
        items.push(
          ...bookItems(tableName, tenantOf(next), book),
          bookContentsWrite(tableName, tenantOf(next), next.Uuid, []),
        );
      if (transition)
        items.push(
          newPut(tableName, {
            PK: keys.tenant({ client: next.Client, facility: next.Facility }),
            SK: keys.containerRecord(next.Uuid, transition.kind),
            Type: transition.kind === 'DISPATCH' ? ITEM_TYPES.dispatch : ITEM_TYPES.dispose,
            Uuid: transition.id,
            ContainerUuid: next.Uuid,
            Actor: write.actor.sub,
            At: write.at,
          }),
        );
      await transactWrite(db, items);
    },

    async remove(view, changes, write) {
      const { record } = view;
      const pk = keys.tenant(tenantOf(record));
      // The container and its audit entry go together; a link is only reachable through its
      // container, so links left by an interrupted cleanup are invisible (no transaction holds
      // more than 100 items, and a container may hold 1,000 contents).
      await transactWrite(db, [
        {
          Delete: {
            TableName: tableName,
            Key: { PK: pk, SK: keys.container(record.Uuid) },
            ConditionExpression: '#version = :version AND #state = :open',
            ExpressionAttributeNames: { '#version': 'Version', '#state': 'State' },
            ExpressionAttributeValues: { ':version': record.Version, ':open': 'OPEN' },
          },
        },
        ...directory(record, write),
        auditItem(record, 'deleted', changes, write),
      ]);
      await batchWrite(
        db,
        tableName,
        view.links.map((l) => ({
          DeleteRequest: { Key: { PK: pk, SK: keys.containerLink(record.Uuid, l.kind, l.id) } },
        })),
      );
    },

    async addContent(previous, next, content, write, book) {
      await transactWrite(db, [
        versionedPut(tableName, containerItem(next), previous.Version),
        newPut(tableName, linkItem(tenantOf(next), next.Uuid, content)),
        ...directory(next, write),
        auditItem(next, 'content_added', [{ field: 'Contents', old: null, new: contentSummary(content) }], write),
        ...booked(tenantOf(next), next.Uuid, book),
      ]);
    },

    async removeContent(previous, next, content, write, book) {
      await transactWrite(db, [
        versionedPut(tableName, containerItem(next), previous.Version),
        {
          Delete: {
            TableName: tableName,
            Key: { PK: keys.tenant(tenantOf(next)), SK: keys.containerLink(next.Uuid, content.kind, content.id) },
            ConditionExpression: 'attribute_exists(PK)',
          },
        },
        ...directory(next, write),
        auditItem(next, 'content_removed', [{ field: 'Contents', old: contentSummary(content), new: null }], write),
        ...booked(tenantOf(next), next.Uuid, book),
      ]);
    },

    async holding(tenant) {
      const held = await queryAll(db, tableName, {
        IndexName: 'GSI1',
        KeyConditionExpression: 'G1PK = :pk',
        ExpressionAttributeValues: { ':pk': indexKeys.containersHolding(keys.tenant(tenant)) },
      });
      return held.map((item) => ({
        container: item.ContainerUuid as string,
        links: ((item.Contents as Partial<ContentModel>[] | undefined) ?? []).map(toContentLink),
      }));
    },

    async history(tenant, uuid) {
      const items = await queryAll(db, tableName, {
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: {
          ':pk': keys.tenant(tenant),
          ':prefix': keys.auditPrefix('CONTAINER', uuid),
        },
        ProjectionExpression: '#at, Actor, RequestId, #action, Changes',
        ExpressionAttributeNames: { '#at': 'At', '#action': 'Action' },
        ScanIndexForward: false,
        ConsistentRead: true,
      });
      const entries: AuditEntry[] = items.map((item) => ({
        at: item.At as string,
        actor: item.Actor as string,
        requestId: (item.RequestId as string | undefined) ?? '',
        action: item.Action as AuditAction,
        changes: ((item.Changes as { Field: string; Old: unknown; New: unknown }[] | undefined) ?? []).map((c) => ({
          field: c.Field,
          old: c.Old ?? null,
          new: c.New ?? null,
        })),
      }));
      return entries;
    },

    async dueForRelease(at) {
      // `~` sorts after every character of the rest of the key: all of second `at` is included.
      const due = await releaseDue.query(
        db,
        tableName,
        { upTo: `${at}#~` },
        {
          expression: 'Client, Facility, #uuid',
          names: { '#uuid': 'Uuid' },
        },
      );
      return due.map((i) => ({
        tenant: { client: i.Client as string, facility: i.Facility as string },
        uuid: i.Uuid as string,
      }));
    },

    async link(tenant, uuid, link) {
      await db.send(new PutCommand({ TableName: tableName, Item: linkItem(tenant, uuid, link) }));
    },
  };
}
