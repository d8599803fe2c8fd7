/**
 * A container created and deleted, as stored: the container store's reads (./container-reader.ts) and its two writes
 * that touch nothing but the container, its writer's directory entry, its audit entry and its links. The container
 * store (./containers.ts) answers these beside its other writes; the functions of the create and delete routes take
 * them alone, without the item builders of the release, the documents, the register, the notices and the book.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchWrite } from './batch';
import { containerAuditItem, containerDirectory, containerItem } from './container-items';
import { dynamoContainerReader } from './container-reader';
import type { ContainerStore } from './container-store';
import { keys } from './table';
import { newPut, transactWrite } from './transact';

export type ContainerLifecycleStore = Pick<ContainerStore, 'load' | 'names' | 'history' | 'create' | 'remove'>;

export function dynamoContainerLifecycle(db: DynamoDBDocumentClient, tableName: string): ContainerLifecycleStore {
  return {
    ...dynamoContainerReader(db, tableName),

    async create(record, changes, write) {
      await transactWrite(db, [
        newPut(tableName, containerItem(record)),
        ...containerDirectory(tableName, record, write),
        containerAuditItem(tableName, record, 'created', changes, write),
      ]);
    },

    async remove(view, changes, write) {
      const { record } = view;
      const pk = keys.tenant({ client: record.Client, facility: record.Facility });
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
        ...containerDirectory(tableName, record, write),
        containerAuditItem(tableName, record, 'deleted', changes, write),
      ]);
      await batchWrite(
        db,
        tableName,
        view.links.map((l) => ({
          DeleteRequest: { Key: { PK: pk, SK: keys.containerLink(record.Uuid, l.kind, l.id) } },
        })),
      );
    },
  };
}
