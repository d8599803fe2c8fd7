/**
 * DynamoDB adapter of a facility's material items: one item per receipt or elution in the facility's partition
 * (`MATERIAL#{uuid}`), its movements inside it (an item holds at most MAX_MOVEMENTS), so its remainder is one read.
 * In GSI1 an item lies under its state's partition (shared/data/material-keys.ts): the `IN_STOCK` one holds the open
 * items only, so the stock reads them whatever the facility's history. Every
 * write books its line of the material book in the same transaction (shared/data/material-book.ts).
 */
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { DocumentRecord } from '../domain/document';
import type { LicenceRecord } from '../domain/licence';
import { MATERIAL_ITEM_MEMBERS, type MaterialItem, type MaterialState } from '../domain/material';
import { queryNewestFirst } from './indexes';
import { collectionOf, materialItem, orderKey } from './material-keys';
import { sequenceMemory } from './sequence';
import { dynamoDocumentStore, documentItem } from './documents';
import { dynamoLicenceStore } from './licences';
import { bookItems, type BookWrite, dynamoMaterialBook } from './material-book';
import { personUpsert, resolveNames, type Actor } from './persons';
import { queryAll } from './query';
import { batchGet } from './batch';
import { bookLicenceItem } from './licences';
import { indexKeys, keys, type Tenant } from './table';
import { newPut, transactWrite, versionedPut, type TransactWriteItem } from './transact';

const tenantOf = (item: Pick<MaterialItem, 'Client' | 'Facility'>): Tenant => ({
  client: item.Client,
  facility: item.Facility,
});

const toItem = (stored: Record<string, unknown>): MaterialItem =>
  Object.fromEntries(
    MATERIAL_ITEM_MEMBERS.map((m) => [m, stored[m] ?? (m === 'Movements' ? [] : null)]),
  ) as unknown as MaterialItem;

/** The transaction item of an item's next version (its movements), on condition that it is still `previous`. */
export const materialItemPut = (tableName: string, previous: MaterialItem, next: MaterialItem): TransactWriteItem =>
  versionedPut(tableName, materialItem(next), previous.Version);

/** What a receipt writes beside the item and its line: the licence it was checked against, its certificate. */
export interface ReceiptWrite {
  book: BookWrite;
  licence: Pick<LicenceRecord, 'Uuid' | 'Version'> | null;
  /** The certificate in the archive, pointed at the new item (its ScopeReference): before and after. */
  certificate: { previous: DocumentRecord; next: DocumentRecord } | null;
  actor: Actor;
}

export interface MaterialStore {
  get(tenant: Tenant, uuid: string, options?: { consistent?: boolean }): Promise<MaterialItem | undefined>;
  /** The items in stock (the in-stock index). */
  inStock(tenant: Tenant): Promise<MaterialItem[]>;
  /** The items of these uuids the facility holds, in no particular order. */
  getMany(tenant: Tenant, uuids: readonly string[]): Promise<MaterialItem[]>;
  /** Every item of the facility, oldest receipt first. */
  list(tenant: Tenant): Promise<MaterialItem[]>;
  /** `limit` items from position `offset` (newest receipt first) of all items or a state's, with their count. */
  page(
    tenant: Tenant,
    state: MaterialState | undefined,
    offset: number,
    limit: number,
  ): Promise<{ total: number; items: MaterialItem[] }>;
  receive(item: MaterialItem, write: ReceiptWrite): Promise<void>;
  /** An item's next version with the line that books it (a movement without a container). */
  move(previous: MaterialItem, next: MaterialItem, book: BookWrite, actor: Actor): Promise<void>;
  /** The head of the facility's book. */
  bookHead(tenant: Tenant): Promise<string | null>;
  licences(tenant: Tenant): Promise<LicenceRecord[]>;
  document(tenant: Tenant, uuid: string): Promise<DocumentRecord | undefined>;
  names(client: string, ids: readonly string[]): Promise<Map<string, string>>;
}

export function dynamoMaterialStore(db: DynamoDBDocumentClient, tableName: string): MaterialStore {
  const book = dynamoMaterialBook(db, tableName);
  const memory = sequenceMemory(db, tableName);
  const licences = dynamoLicenceStore(db, tableName);
  const documents = dynamoDocumentStore(db, tableName);
  const byReceipt = (a: MaterialItem, b: MaterialItem) =>
    `${a.ReceivedAt}#${a.Uuid}`.localeCompare(`${b.ReceivedAt}#${b.Uuid}`);
  return {
    async get(tenant, uuid, options = {}) {
      const out = await db.send(
        new GetCommand({
          TableName: tableName,
          Key: { PK: keys.tenant(tenant), SK: keys.material(uuid) },
          ConsistentRead: options.consistent ?? false,
        }),
      );
      return out.Item && toItem(out.Item);
    },

    async getMany(tenant, uuids) {
      const found = await batchGet(
        db,
        tableName,
        uuids.map((uuid) => ({ PK: keys.tenant(tenant), SK: keys.material(uuid) })),
        { consistent: true },
      );
      return found.map(toItem);
    },

    async inStock(tenant) {
      const items = await queryAll(db, tableName, {
        IndexName: 'GSI1',
        KeyConditionExpression: 'G1PK = :pk',
        ExpressionAttributeValues: { ':pk': indexKeys.materialInState(keys.tenant(tenant), 'IN_STOCK') },
      });
      return items.map(toItem);
    },

    page: (tenant, state, offset, limit) =>
      memory.page(
        [{ pk: keys.tenant(tenant), prefix: keys.materialPagesPrefix(collectionOf(state)) }],
        offset,
        limit,
        (_, n, before) =>
          queryNewestFirst(
            db,
            tableName,
            state
              ? { index: 'GSI1', pk: indexKeys.materialInState(keys.tenant(tenant), state), limit: n, before }
              : { index: 'GSI2', pk: indexKeys.material(keys.tenant(tenant)), limit: n, before },
            toItem,
          ),
        orderKey,
      ),

    async list(tenant) {
      const items = await queryAll(db, tableName, {
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.tenant(tenant), ':prefix': keys.materialPrefix },
      });
      return items.map(toItem).sort(byReceipt);
    },

    async receive(item, write) {
      const tenant = tenantOf(item);
      await transactWrite(db, [
        newPut(tableName, materialItem(item)),
        ...bookItems(tableName, tenant, write.book),
        ...(write.licence ? [bookLicenceItem(tableName, tenant, write.licence, item.CreatedAt)] : []),
        ...(write.certificate
          ? [versionedPut(tableName, documentItem(write.certificate.next), write.certificate.previous.Version)]
          : []),
        personUpsert(tableName, item.Client, write.actor, item.CreatedAt),
      ]);
    },

    async move(previous, next, bookWrite, actor) {
      await transactWrite(db, [
        materialItemPut(tableName, previous, next),
        ...bookItems(tableName, tenantOf(next), bookWrite),
        personUpsert(tableName, next.Client, actor, next.UpdatedAt),
      ]);
    },

    bookHead: (tenant) => book.head(tenant),
    licences: (tenant) => licences.list(tenant, { consistent: true }),
    document: (tenant, uuid) => documents.get(tenant, uuid, { consistent: true }),
    names: (client, ids) => resolveNames(db, tableName, client, ids, false),
  };
}
