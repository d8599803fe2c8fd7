/**
 * DynamoDB adapter of the container store. Every write is one transaction: the container, the
 * writer's directory entry, the audit entry and (on DISPATCHED/DISPOSED) the dispatch or dispose
 * record change together or not at all. Every lookup is keyed by client and facility. How each item is stored:
 * ./container-items.ts; the reads, the creation and the deletion: ./container-lifecycle.ts.
 */
import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dynamoContainerLifecycle } from './container-lifecycle';
import { holdingContainers } from './holding';
import type { AuditAction } from '../domain/container-audit';
import type { ContainerRecord } from '../domain/container-fields';
import {
  bookContentsWrite,
  containerAuditItem,
  containerDirectory,
  containerItem,
  contentSummary,
  linkItem,
  releaseDue,
} from './container-items';
import { documentItem } from './documents';
import type { AuditChange, ContainerStore, WriteContext } from './container-store';
import { archiveLineStep } from './archive-progress';
import { citeNoticeItem } from './clearance-notices';
import { registerHeadItem, releaseEntryItem } from './releases';
import { bookItems } from './material-book';
import { materialItemPut } from './material';
import type { BookExtras } from './container-store';
import { ITEM_TYPES, keys, type Tenant } from './table';
import { newPut, transactWrite, versionedPut, type TransactWriteItem } from './transact';

export function dynamoContainerStore(db: DynamoDBDocumentClient, tableName: string): ContainerStore {
  const auditItem = (record: ContainerRecord, action: AuditAction, changes: AuditChange[], write: WriteContext) =>
    containerAuditItem(tableName, record, action, changes, write);
  const directory = (record: ContainerRecord, write: WriteContext) => containerDirectory(tableName, record, write);
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
    ...dynamoContainerLifecycle(db, tableName),

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

    holding: (tenant) => holdingContainers(db, tableName, tenant),

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
