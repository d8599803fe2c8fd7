/**
 * DynamoDB adapter of the container store. Every write is one transaction: the container, the
 * writer's directory entry, the audit entry and (on DISPATCHED/DISPOSED) the dispatch or dispose
 * record change together or not at all. Every lookup is keyed by client and facility.
 */
import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import {
  CONTAINER_MUTABLE_FIELDS,
  type ContainerRecord,
  type ContainerView,
  type ContentKind,
  type ContentLink,
  type FieldChange,
} from '../domain/container';
import { personUpsert, resolveNames, type Actor } from './persons';
import { keys, type Tenant } from './table';
import { transactWrite, versionedPut, type TransactWriteItem } from './transact';

/** Who made a write, when, and under which request: for the audit entry and the directory. */
export interface WriteContext {
  actor: Actor;
  at: string;
  requestId: string;
}

export type AuditAction = 'created' | 'updated' | 'deleted';

/** The port the container service uses. */
export interface ContainerStore {
  load(tenant: Tenant, uuid: string, options?: { consistent?: boolean }): Promise<ContainerView | undefined>;
  names(client: string, ids: readonly string[], options?: { consistent?: boolean }): Promise<Map<string, string>>;
  create(record: ContainerRecord, changes: FieldChange[], write: WriteContext): Promise<void>;
  /** Fails with ConditionFailedError when the stored version is no longer `previous.Version`. */
  update(
    previous: ContainerRecord,
    next: ContainerRecord,
    changes: FieldChange[],
    write: WriteContext,
    transition?: { kind: 'DISPATCH' | 'DISPOSE'; id: string },
  ): Promise<void>;
  /** Removes the container and its content links; fails with ConditionFailedError if it changed. */
  remove(view: ContainerView, changes: FieldChange[], write: WriteContext): Promise<void>;
  /** Records that a container holds a product or eluate (written by imports and tests). */
  link(tenant: Tenant, uuid: string, link: ContentLink): Promise<void>;
}

const recordFields = ['Client', 'Facility', 'Uuid', 'Version', 'CreatedAt', 'UpdatedAt', ...CONTAINER_MUTABLE_FIELDS] as const;

function toRecord(item: Record<string, unknown>): ContainerRecord {
  return Object.fromEntries(recordFields.map((f) => [f, item[f] ?? null])) as unknown as ContainerRecord;
}

/** A container as stored: keyed by its tenant, its links and records next to it. */
export const containerItem = (record: ContainerRecord) => ({
  PK: keys.tenant({ client: record.Client, facility: record.Facility }),
  SK: keys.container(record.Uuid),
  Type: 'Container',
  ...record,
});

export function dynamoContainerStore(db: DynamoDBDocumentClient, tableName: string): ContainerStore {

  const auditItem = (record: ContainerRecord, action: AuditAction, changes: FieldChange[], write: WriteContext): TransactWriteItem => ({
    Put: {
      TableName: tableName,
      Item: {
        PK: keys.tenant({ client: record.Client, facility: record.Facility }),
        // Millisecond time first, so a container's audit entries sort in the order they were written.
        SK: keys.audit('CONTAINER', record.Uuid, new Date().toISOString(), write.requestId || randomUUID()),
        Type: 'Audit',
        Entity: 'Container',
        EntityUuid: record.Uuid,
        Action: action,
        Actor: write.actor.sub,
        At: write.at,
        RequestId: write.requestId,
        Changes: changes.map((c) => ({ Field: c.field, Old: c.old, New: c.new })),
      },
    },
  });

  const directory = (record: ContainerRecord, write: WriteContext) => personUpsert(tableName, record.Client, write.actor, write.at);

  return {
    async load(tenant, uuid, options = {}) {
      const items: Record<string, unknown>[] = [];
      let ExclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const out = await db.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
            ExpressionAttributeValues: { ':pk': keys.tenant(tenant), ':prefix': keys.containerPrefix(uuid) },
            ConsistentRead: options.consistent ?? false,
            ExclusiveStartKey,
          }),
        );
        items.push(...(out.Items ?? []));
        ExclusiveStartKey = out.LastEvaluatedKey;
      } while (ExclusiveStartKey);
      const main = items.find((i) => i.Type === 'Container');
      if (!main) return undefined;
      const recordId = (type: string) => (items.find((i) => i.Type === type)?.Uuid as string | undefined) ?? null;
      return {
        record: toRecord(main),
        links: items
          .filter((i) => i.Type === 'ContainerLink')
          .map((i) => ({ kind: i.Kind as ContentKind, id: i.ContentId as string, nuclide: i.Nuclide as string })),
        dispatchId: recordId('Dispatch'),
        disposeId: recordId('Dispose'),
      };
    },

    names: (client, ids, options = {}) => resolveNames(db, tableName, client, ids, options.consistent ?? false),

    async create(record, changes, write) {
      await transactWrite(db, [
        { Put: { TableName: tableName, Item: containerItem(record), ConditionExpression: 'attribute_not_exists(PK)' } },
        directory(record, write),
        auditItem(record, 'created', changes, write),
      ]);
    },

    async update(previous, next, changes, write, transition) {
      const items: TransactWriteItem[] = [directory(next, write)];
      if (changes.length) {
        items.push(
          versionedPut(tableName, containerItem(next), previous.Version),
          auditItem(next, 'updated', changes, write),
        );
      }
      if (transition) {
        items.push({
          Put: {
            TableName: tableName,
            Item: {
              PK: keys.tenant({ client: next.Client, facility: next.Facility }),
              SK: keys.containerRecord(next.Uuid, transition.kind),
              Type: transition.kind === 'DISPATCH' ? 'Dispatch' : 'Dispose',
              Uuid: transition.id,
              ContainerUuid: next.Uuid,
              Actor: write.actor.sub,
              At: write.at,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        });
      }
      await transactWrite(db, items);
    },

    async remove(view, changes, write) {
      const { record } = view;
      const pk = keys.tenant({ client: record.Client, facility: record.Facility });
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
        ...view.links.map((l) => ({ Delete: { TableName: tableName, Key: { PK: pk, SK: keys.containerLink(record.Uuid, l.kind, l.id) } } })),
        directory(record, write),
        auditItem(record, 'deleted', changes, write),
      ]);
    },

    async link(tenant, uuid, link) {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            PK: keys.tenant(tenant),
            SK: keys.containerLink(uuid, link.kind, link.id),
            Type: 'ContainerLink',
            ContainerUuid: uuid,
            Kind: link.kind,
            ContentId: link.id,
            Nuclide: link.nuclide,
          },
        }),
      );
    },
  };
}
