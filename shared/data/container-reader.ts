/**
 * A container as stored, read: the container with its links and the ids of its dispatch and disposal records, the
 * names of the people it names, its audit entries newest first. The container store (./containers.ts) answers these
 * beside its writes; the functions that only read a container, and the surveys, measurements and labels that read
 * one before writing their own items, take this reader alone, without the writes' item builders of the documents,
 * the register, the notices and the book.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AuditAction } from '../domain/container-audit';
import { type ContentModel, toContentLink } from '../domain/container-contents';
import { toRecord } from './container-items';
import type { AuditEntry, ContainerStore } from './container-store';
import { resolveNames } from './persons';
import { queryAll } from './query';
import { ITEM_TYPES, keys } from './table';

export type ContainerReader = Pick<ContainerStore, 'load' | 'names' | 'history'>;

export function dynamoContainerReader(db: DynamoDBDocumentClient, tableName: string): ContainerReader {
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
  };
}
